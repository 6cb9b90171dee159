// chat_format.h — an instruct model's prompt wrapped in its chat format: ChatML (Qwen), Llama 3
// headers, or Mistral / Llama 2 [INST]. The format is recognised from tokenizer_config.json's
// chat_template text (which is never run) or, without one, from the special tokens the
// vocabulary has; the wrapping is written here, for one user turn and an optional system text.
#pragma once

#include <string>
#include <string_view>

#include "core/tokenizer/subword_tokenizer.h"

namespace attn::pretrained {

enum class ChatFormat { None, ChatMl, Llama3, MistralInst };

const char* chat_format_name(ChatFormat format);  // "ChatML", "Llama 3", "Mistral [INST]", "none"

// From a chat template's text: "<|im_start|>" -> ChatML, "<|start_header_id|>" -> Llama 3,
// "[INST]" -> Mistral. An empty or unknown template gives None.
ChatFormat chat_format_from_template(std::string_view chat_template);
// From the vocabulary's special tokens, when there is no template.
ChatFormat chat_format_from_tokens(const SubwordTokenizer& tokenizer);
// tokenizer_config.json's "chat_template" (a text, or a list of {"name", "template"}: "default"
// is used), else the tokens. Malformed JSON: the tokens decide.
ChatFormat detect_chat_format(std::string_view tokenizer_config_json, const SubwordTokenizer& tokenizer);

// The prompt for the model to answer `user`. `add_bos`: write the begin-of-text token into the
// text (when the tokenizer's post-processor does not add it itself: then pass false).
//   ChatML:  <|im_start|>system\n{system}<|im_end|>\n<|im_start|>user\n{user}<|im_end|>\n<|im_start|>assistant\n
//   Llama 3: <|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\n{system}<|eot_id|>
//            <|start_header_id|>user<|end_header_id|>\n\n{user}<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n
//   Mistral: <s>[INST] {system}\n\n{user} [/INST]
// The system part is left out when `system` is empty; None returns `user` unchanged.
std::string wrap_chat_prompt(ChatFormat format, std::string_view user, std::string_view system, bool add_bos);

}  // namespace attn::pretrained
