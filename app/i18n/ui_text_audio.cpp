// ui_text_audio.cpp — the Audio view's and File > Open recording's UI strings in English and Korean
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    {Txt::ViewAudio, "Audio (speech)", "소리 (음성)"},
    {Txt::MenuOpenAudio, "Open recording…", "녹음 열기…"},
    {Txt::AudioIntro,
     "A speech model hears the recording as frames of 20 ms. While the decoder writes each word, its cross-attention "
     "looks back at the sound: click a word to see where. The bright band is the word's time, found from the "
     "alignment heads by dynamic time warping.",
     "음성 모델은 녹음을 20 ms 프레임들로 듣습니다. 디코더가 단어를 하나씩 쓸 때마다 교차 어텐션이 소리를 되돌아봅니다. "
     "단어를 누르면 어디를 보는지 나타납니다. 밝은 띠는 정렬 헤드에서 동적 시간 워핑(DTW)으로 찾은 그 단어의 시간입니다."},
    {Txt::AudioNeedAudio,
     "This model listens to sound, not text: open a recording with File > Open recording… (or drop a WAV, FLAC, Ogg or "
     "MP3 file on the window).",
     "이 모델은 글이 아니라 소리를 듣습니다. 파일 > 녹음 열기…로 녹음을 여세요 (WAV, FLAC, Ogg, MP3 파일을 창에 끌어다 "
     "놓아도 됩니다)."},
    {Txt::AudioNotSpeech,
     "This view shows what a speech model hears. Open a Whisper folder (Model > Open model folder…) and a recording "
     "(File > Open recording…).",
     "이 보기는 음성 모델이 듣는 것을 보여 줍니다. Whisper 폴더(모델 > 모델 폴더 열기…)와 녹음(파일 > 녹음 열기…)을 "
     "여세요."},
    {Txt::AudioSwitching, "Computing the cross-attention section…", "교차 어텐션 구간을 계산하는 중…"},
    {Txt::AudioCaption, "%s — %s, %.2f s", "%s — %s, %.2f초"},
    {Txt::AudioCut, "Only the first %d s were heard (one chunk).", "처음 %d초만 들었습니다 (한 묶음)."},
    {Txt::AudioDetected, "language: %s (detected)", "언어: %s (자동 감지)"},
    {Txt::AudioChosen, "language: %s (chosen)", "언어: %s (선택)"},
    {Txt::AudioTrimmed,
     "Showing the %d frames (%.2f s) that hold sound, of the chunk's %d. The softmax ran over all %d, padding included, "
     "as in the model: a row's weights here may sum to less than 1.",
     "소리가 있는 프레임 %d개(%.2f초)만 보입니다 (묶음 전체는 %d개). 소프트맥스는 모델 그대로 덧붙인 부분까지 %d개 "
     "전부에 대해 계산했으므로, 여기 보이는 한 행의 가중치 합은 1보다 작을 수 있습니다."},
    {Txt::AudioTranscriptGenerated, "Transcript (written by the model):", "받아쓰기 (모델이 씀):"},
    {Txt::AudioTranscriptTyped, "Transcript (typed):", "받아쓰기 (입력함):"},
    {Txt::AudioAlignHeads, "Alignment heads", "정렬 헤드"},
    {Txt::AudioAlignHeadsTip,
     "On: the mean of the heads the checkpoint names for word timing (%s). Off: the layer and head chosen here.",
     "켜면: 체크포인트가 단어 시간용으로 지정한 헤드들(%s)의 평균. 끄면: 여기서 고른 층과 헤드."},
    {Txt::AudioWordTip, "\"%s\": %.2f – %.2f s (tokens %d–%d of the decoder)",
     "\"%s\": %.2f – %.2f초 (디코더의 토큰 %d–%d)"},
    {Txt::AudioClickWord, "Click a word to see where its cross-attention looks in the sound.",
     "단어를 누르면 교차 어텐션이 소리의 어디를 보는지 나타납니다."},
    {Txt::AudioUntimed, "No word times: %s", "단어 시간이 없습니다: %s"},
    {Txt::AudioWaveform, "waveform", "파형"},
    {Txt::AudioWords, "words", "단어"},
    {Txt::AudioTypedBox, "Transcript (typed)", "받아쓰기 (직접 입력)"},
    {Txt::PredictSpeech,
     "A speech model writes the transcript one token at a time. Write the best token (Enter) or click a bar, and watch "
     "where in the sound the decoder looks while it chooses each one; the whole transcript with its word times is in "
     "the Audio view (View > Audio).",
     "음성 모델은 받아쓰기를 토큰 하나씩 씁니다. 가장 좋은 토큰을 쓰거나(Enter) 막대를 눌러 보고, 토큰마다 디코더가 소리의 "
     "어디를 보는지 살펴보세요. 받아쓰기 전체와 단어의 시간은 소리 보기(보기 > 소리)에 있습니다."},
    {Txt::ListenRecording, "Recording:", "녹음:"},
    {Txt::ListenRecordingDetected, "%s: %d frames (%.2f s), language %s (detected)", "%s: 프레임 %d개 (%.2f초), 언어 %s (감지)"},
    {Txt::ListenRecordingChosen, "%s: %d frames (%.2f s), language %s (chosen)", "%s: 프레임 %d개 (%.2f초), 언어 %s (선택)"},
    {Txt::ListenTranscript, "Transcript:", "받아쓰기:"},
    {Txt::ListenWriteAll, "Write it all (greedy)", "끝까지 쓰기 (탐욕적)"},
    {Txt::ListenWriteAllTip,
     "The model writes the whole transcript, the best token each time, until <|endoftext|>, as `attnlab transcribe` does.",
     "모델이 매번 가장 좋은 토큰을 골라 <|endoftext|>까지 받아쓰기 전체를 씁니다 (`attnlab transcribe`와 같음)."},
    {Txt::ListenReadWhile, "While choosing “%s”, the decoder looked here in the sound (cross-attention, layer %d, %s):",
     "“%s”를 고르는 동안 디코더가 소리에서 본 곳 (교차 어텐션, 레이어 %d, %s):"},
    {Txt::AudioTypedBoxTip,
     "Off: the model writes its own transcript. On: the decoder reads this text after its prompt (teacher forcing), "
     "and you see where it looks for each of your words.",
     "끄면: 모델이 직접 받아씁니다. 켜면: 디코더가 프롬프트 다음에 이 글을 읽고(교사 강제), 입력한 단어마다 소리의 "
     "어디를 보는지 나타납니다."},
    {Txt::AudioSpectrogram, "log-mel spectrogram (the encoder's input)", "로그-멜 스펙트로그램 (인코더의 입력)"},
    {Txt::AudioCrossOf, "cross-attention of \"%s\"", "\"%s\"의 교차 어텐션"},
    {Txt::AudioCrossAll, "cross-attention of every written token (brightest: most attention)",
     "쓴 토큰 전부의 교차 어텐션 (밝을수록 어텐션이 큼)"},
    {Txt::AudioFrameTip, "%.2f s (frame %d): attention %.3f", "%.2f초 (프레임 %d): 어텐션 %.3f"},
    {Txt::AudioLanguage, "Language", "언어"},
    {Txt::AudioLanguageAuto, "detect", "자동 감지"},
    {Txt::AudioLanguageTip,
     "The language the model listens for. \"detect\": the decoder picks the language token it rates highest after "
     "<|startoftranscript|>.",
     "모델이 들을 언어입니다. \"자동 감지\": 디코더가 <|startoftranscript|> 다음에 가장 높게 평가한 언어 토큰을 고릅니다."},
    {Txt::AudioOpenTitle, "Open recording", "녹음 열기"},
    {Txt::AudioOpenIntro,
     "A speech model (Whisper) listens to a recording: WAV, FLAC, Ogg (Vorbis, Opus), MP3 or AIFF. It is mixed to mono "
     "and resampled to 16 kHz; the first 30 s are heard.",
     "음성 모델(Whisper)은 녹음을 듣습니다: WAV, FLAC, Ogg(Vorbis, Opus), MP3, AIFF. 모노로 섞고 16 kHz로 바꾼 뒤 "
     "처음 30초를 듣습니다."},
    {Txt::AudioOpenPath, "File", "파일"},
    {Txt::AudioOpenHint, "/path/to/recording.wav", "/경로/녹음.wav"},
    {Txt::AudioInUse, "In use: %s", "사용 중: %s"},
    {Txt::AudioNone, "No recording open.", "열린 녹음이 없습니다."},
    {Txt::AudioMissing, "There is no file at %s.", "%s에 파일이 없습니다."},
    {Txt::AudioTextModel, "The model in use does not listen: open a Whisper folder to hear the recording.",
     "지금 모델은 소리를 듣지 않습니다. 녹음을 들으려면 Whisper 폴더를 여세요."},
    {Txt::SoundRecord, "● Record", "● 녹음"},
    {Txt::SoundRecordTip,
     "Record a sentence from the microphone (at most 30 seconds, Whisper's chunk). When you stop, the recording is "
     "saved as a WAV file and the model listens to it.",
     "마이크로 문장을 녹음합니다 (최대 30초, Whisper가 한 번에 듣는 길이). 멈추면 녹음이 WAV 파일로 저장되고 모델이 "
     "그것을 듣습니다."},
    {Txt::SoundStop, "■ Stop", "■ 멈춤"},
    {Txt::SoundStopTip, "Stop recording or playing.", "녹음이나 재생을 멈춥니다."},
    {Txt::SoundPlay, "▶ Play", "▶ 재생"},
    {Txt::SoundPlayTip, "Play what the model heard (the recording's first 30 seconds).",
     "모델이 들은 소리(녹음의 처음 30초)를 재생합니다."},
    {Txt::SoundPlayWord, "▶ Play the word", "▶ 단어 재생"},
    {Txt::SoundPlayWordTip, "Play only the chosen word's span, as the alignment heads found it. Click a word first.",
     "정렬 헤드가 찾은, 고른 단어의 구간만 재생합니다. 먼저 단어를 누르세요."},
    {Txt::SoundSaveAs, "Save as WAV…", "WAV로 저장…"},
    {Txt::SoundSaveAsTip, "Keep the recording the model heard as a 16-bit WAV file.",
     "모델이 들은 녹음을 16비트 WAV 파일로 보관합니다."},
    {Txt::SoundStarting, "Opening the sound card…", "사운드 카드를 여는 중…"},
    {Txt::SoundRecording, "Recording: %.1f s of %.0f s", "녹음 중: %.1f초 / %.0f초"},
    {Txt::SoundPlaying, "Playing: %.1f s", "재생 중: %.1f초"},
    {Txt::SoundLevelTip, "The microphone's level: keep the loud parts below the right end.",
     "마이크 음량입니다. 큰 소리가 오른쪽 끝에 닿지 않게 하세요."},
    {Txt::SoundNoSystem, "The sound system could not start: %s", "소리 시스템을 시작할 수 없습니다: %s"},
    {Txt::SoundNoInput,
     "No microphone found: this computer has no sound input. Open a recording instead (File > Open recording…).",
     "마이크를 찾을 수 없습니다. 이 컴퓨터에는 소리 입력 장치가 없습니다. 대신 녹음 파일을 여세요 (파일 > 녹음 열기…)."},
    {Txt::SoundNoOutput, "No speakers found: this computer has no sound output.",
     "스피커를 찾을 수 없습니다. 이 컴퓨터에는 소리 출력 장치가 없습니다."},
    {Txt::SoundInputFailed, "The microphone could not be opened: %s", "마이크를 열 수 없습니다: %s"},
    {Txt::SoundOutputFailed, "The sound could not be played: %s", "소리를 재생할 수 없습니다: %s"},
    {Txt::SoundRecorded, "Recorded %.1f s, saved as %s. The model is listening to it.",
     "%.1f초를 녹음해 %s에 저장했습니다. 모델이 이 녹음을 듣습니다."},
    {Txt::SoundLimit, "The 30-second limit stopped the recording.", "30초 한도에 닿아 녹음을 멈췄습니다."},
    {Txt::SoundTooShort, "The recording is too short (%.2f s): speak for at least a second, then stop.",
     "녹음이 너무 짧습니다 (%.2f초). 1초 이상 말한 뒤 멈추세요."},
    {Txt::SoundSaveTitle, "Save the recording as WAV", "녹음을 WAV로 저장"},
    {Txt::SoundSavePath, "File", "파일"},
    {Txt::SoundSaveGo, "Save", "저장"},
    {Txt::SoundSaved, "Saved to %s", "%s에 저장했습니다"},
    {Txt::SoundSaving, "Saving to %s…", "%s에 저장하는 중…"},
    {Txt::SoundCancel, "Cancel", "취소"},
    {Txt::SoundNothingToSave, "There is no recording to save yet.", "아직 저장할 녹음이 없습니다."},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area audio_texts() { return area("audio", kTexts); }

}  // namespace attn::app::ui_text_parts
