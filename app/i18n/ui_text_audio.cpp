// ui_text_audio.cpp — the Audio view's and File > Open recording's UI strings in English (marked N_ for the catalogues in po/)
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    {Txt::ViewAudio, N_("Audio (speech)")},
    {Txt::MenuOpenAudio, N_("Open recording…")},
    {Txt::AudioIntro,
     N_("A speech model hears the recording as frames of 20 ms. While the decoder writes each word, its "
        "cross-attention looks back at the sound: click a word to see where. The bright band is the "
        "word's time, found from the alignment heads by dynamic time warping.")},
    {Txt::AudioNeedAudio,
     N_("This model listens to sound, not text: open a recording with File > Open recording… (or drop a "
        "WAV, FLAC, Ogg or MP3 file on the window).")},
    {Txt::AudioNotSpeech,
     N_("This view shows what a speech model hears. Open a Whisper folder (Model > Open model folder…) "
        "and a recording (File > Open recording…).")},
    {Txt::AudioSwitching, N_("Computing the cross-attention section…")},
    {Txt::AudioCaption, N_("%s — %s, %.2f s")},
    {Txt::AudioCut, N_("Only the first %d s were heard (one chunk).")},
    {Txt::AudioDetected, N_("language: %s (detected)")},
    {Txt::AudioChosen, N_("language: %s (chosen)")},
    {Txt::AudioTrimmed,
     N_("Showing the %d frames (%.2f s) that hold sound, of the chunk's %d. The softmax ran over all %d, "
        "padding included, as in the model: a row's weights here may sum to less than 1.")},
    {Txt::AudioTranscriptGenerated, N_("Transcript (written by the model):")},
    {Txt::AudioTranscriptTyped, N_("Transcript (typed):")},
    {Txt::AudioAlignHeads, N_("Alignment heads")},
    {Txt::AudioAlignHeadsTip,
     N_("On: the mean of the heads the checkpoint names for word timing (%s). Off: the layer and head "
        "chosen here.")},
    {Txt::AudioWordTip, N_("\"%s\": %.2f – %.2f s (tokens %d–%d of the decoder)")},
    {Txt::AudioClickWord, N_("Click a word to see where its cross-attention looks in the sound.")},
    {Txt::AudioUntimed, N_("No word times: %s")},
    {Txt::AudioWaveform, N_("waveform")},
    {Txt::AudioWords, N_("words")},
    {Txt::AudioTypedBox, N_("Transcript (typed)")},
    {Txt::PredictSpeech,
     N_("A speech model writes the transcript one token at a time. Write the best token (Enter) or click "
        "a bar, and watch where in the sound the decoder looks while it chooses each one; the whole "
        "transcript with its word times is in the Audio view (View > Audio).")},
    {Txt::ListenRecording, N_("Recording:")},
    {Txt::ListenRecordingDetected, N_("%s: %d frames (%.2f s), language %s (detected)")},
    {Txt::ListenRecordingChosen, N_("%s: %d frames (%.2f s), language %s (chosen)")},
    {Txt::ListenTranscript, N_("Transcript:")},
    {Txt::ListenWriteAll, N_("Write it all (greedy)")},
    {Txt::ListenWriteAllTip,
     N_("The model writes the whole transcript, the best token each time, until <|endoftext|>, as "
        "`attnlab transcribe` does.")},
    {Txt::ListenReadWhile,
     N_("While choosing “%s”, the decoder looked here in the sound (cross-attention, layer %d, %s):")},
    {Txt::AudioTypedBoxTip,
     N_("Off: the model writes its own transcript. On: the decoder reads this text after its prompt "
        "(teacher forcing), and you see where it looks for each of your words.")},
    {Txt::AudioSpectrogram, N_("log-mel spectrogram (the encoder's input)")},
    {Txt::AudioCrossOf, N_("cross-attention of \"%s\"")},
    {Txt::AudioCrossAll, N_("cross-attention of every written token (brightest: most attention)")},
    {Txt::AudioFrameTip, N_("%.2f s (frame %d): attention %.3f")},
    {Txt::AudioLanguage, N_("Language")},
    {Txt::AudioLanguageAuto, N_("detect")},
    {Txt::AudioLanguageTip,
     N_("The language the model listens for. \"detect\": the decoder picks the language token it rates "
        "highest after <|startoftranscript|>.")},
    {Txt::AudioOpenTitle, N_("Open recording")},
    {Txt::AudioOpenIntro,
     N_("A speech model (Whisper) listens to a recording: WAV, FLAC, Ogg (Vorbis, Opus), MP3 or AIFF. It "
        "is mixed to mono and resampled to 16 kHz; the first 30 s are heard.")},
    {Txt::AudioOpenPath, N_("File")},
    {Txt::AudioOpenHint, N_("/path/to/recording.wav")},
    {Txt::AudioInUse, N_("In use: %s")},
    {Txt::AudioNone, N_("No recording open.")},
    {Txt::AudioMissing, N_("There is no file at %s.")},
    {Txt::AudioTextModel,
     N_("The model in use does not listen: open a Whisper folder to hear the recording.")},
    {Txt::SoundRecord, N_("● Record")},
    {Txt::SoundRecordTip,
     N_("Record a sentence from the microphone (at most 30 seconds, Whisper's chunk). When you stop, the "
        "recording is saved as a WAV file and the model listens to it.")},
    {Txt::SoundStop, N_("■ Stop")},
    {Txt::SoundStopTip, N_("Stop recording or playing.")},
    {Txt::SoundPlay, N_("▶ Play")},
    {Txt::SoundPlayTip, N_("Play what the model heard (the recording's first 30 seconds).")},
    {Txt::SoundPlayWord, N_("▶ Play the word")},
    {Txt::SoundPlayWordTip,
     N_("Play only the chosen word's span, as the alignment heads found it. Click a word first.")},
    {Txt::SoundSaveAs, N_("Save as WAV…")},
    {Txt::SoundSaveAsTip, N_("Keep the recording the model heard as a 16-bit WAV file.")},
    {Txt::SoundStarting, N_("Opening the sound card…")},
    {Txt::SoundRecording, N_("Recording: %.1f s of %.0f s")},
    {Txt::SoundPlaying, N_("Playing: %.1f s")},
    {Txt::SoundLevelTip, N_("The microphone's level: keep the loud parts below the right end.")},
    {Txt::SoundNoSystem, N_("The sound system could not start: %s")},
    {Txt::SoundNoInput,
     N_("No microphone found: this computer has no sound input. Open a recording instead (File > Open "
        "recording…).")},
    {Txt::SoundNoOutput, N_("No speakers found: this computer has no sound output.")},
    {Txt::SoundInputFailed, N_("The microphone could not be opened: %s")},
    {Txt::SoundOutputFailed, N_("The sound could not be played: %s")},
    {Txt::SoundRecorded, N_("Recorded %.1f s, saved as %s. The model is listening to it.")},
    {Txt::SoundLimit, N_("The 30-second limit stopped the recording.")},
    {Txt::SoundTooShort, N_("The recording is too short (%.2f s): speak for at least a second, then stop.")},
    {Txt::SoundSaveTitle, N_("Save the recording as WAV")},
    {Txt::SoundSavePath, N_("File")},
    {Txt::SoundSaveGo, N_("Save")},
    {Txt::SoundSaved, N_("Saved to %s")},
    {Txt::SoundSaving, N_("Saving to %s…")},
    {Txt::SoundCancel, N_("Cancel")},
    {Txt::SoundNothingToSave, N_("There is no recording to save yet.")},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area audio_texts() { return area("audio", kTexts); }

}  // namespace attn::app::ui_text_parts
