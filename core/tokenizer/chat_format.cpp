// chat_format.cpp — see chat_format.h.
#include "core/tokenizer/chat_format.h"

#include <nlohmann/json.hpp>

#include "core/tokenizer/subword_files.h"

namespace attn::pretrained {

const char* chat_format_name(ChatFormat format) {
    switch (format) {
    case ChatFormat::ChatMl: return "ChatML";
    case ChatFormat::Llama3: return "Llama 3";
    case ChatFormat::MistralInst: return "Mistral [INST]";
    case ChatFormat::None: break;
    }
    return "none";
}

ChatFormat chat_format_from_template(std::string_view t) {
    if (t.find("<|im_start|>") != std::string_view::npos)
        return ChatFormat::ChatMl;
    if (t.find("<|start_header_id|>") != std::string_view::npos)
        return ChatFormat::Llama3;
    if (t.find("[INST]") != std::string_view::npos)
        return ChatFormat::MistralInst;
    return ChatFormat::None;
}

ChatFormat chat_format_from_tokens(const SubwordTokenizer& tokenizer) {
    if (tokenizer.token_id("<|im_start|>") >= 0 && tokenizer.token_id("<|im_end|>") >= 0)
        return ChatFormat::ChatMl;
    if (tokenizer.token_id("<|start_header_id|>") >= 0 && tokenizer.token_id("<|eot_id|>") >= 0)
        return ChatFormat::Llama3;
    if (tokenizer.token_id("[INST]") >= 0)
        return ChatFormat::MistralInst;
    return ChatFormat::None;
}

ChatFormat detect_chat_format(std::string_view tokenizer_config_json, const SubwordTokenizer& tokenizer) {
    using subword_files::json;
    std::string chat_template;
    if (!tokenizer_config_json.empty()) {
        auto parsed = subword_files::parse_json(tokenizer_config_json, "tokenizer_config.json");
        if (parsed && parsed->is_object()) {
            const json t = parsed->value("chat_template", json());
            if (t.is_string()) {
                chat_template = t.get<std::string>();
            } else if (t.is_array()) {
                for (const json& entry : t)
                    if (entry.is_object() && entry.value("name", json()) == "default" &&
                        entry.value("template", json()).is_string())
                        chat_template = entry["template"].get<std::string>();
            }
        }
    }
    const ChatFormat from_template = chat_format_from_template(chat_template);
    return from_template != ChatFormat::None ? from_template : chat_format_from_tokens(tokenizer);
}

std::string wrap_chat_prompt(ChatFormat format, std::string_view user, std::string_view system, bool add_bos) {
    std::string out;
    switch (format) {
    case ChatFormat::ChatMl:
        if (!system.empty())
            out.append("<|im_start|>system\n").append(system).append("<|im_end|>\n");
        out.append("<|im_start|>user\n").append(user).append("<|im_end|>\n<|im_start|>assistant\n");
        return out;
    case ChatFormat::Llama3:
        if (add_bos)
            out += "<|begin_of_text|>";
        if (!system.empty())
            out.append("<|start_header_id|>system<|end_header_id|>\n\n").append(system).append("<|eot_id|>");
        out.append("<|start_header_id|>user<|end_header_id|>\n\n").append(user).append("<|eot_id|>");
        out += "<|start_header_id|>assistant<|end_header_id|>\n\n";
        return out;
    case ChatFormat::MistralInst:
        if (add_bos)
            out += "<s>";
        out += "[INST] ";
        if (!system.empty())
            out.append(system).append("\n\n");
        out.append(user).append(" [/INST]");
        return out;
    case ChatFormat::None:
        break;
    }
    return std::string(user);
}

}  // namespace attn::pretrained
