// marks.h — how messages are marked for xgettext (po/README.md: extracting, translating, compiling).
//
//   N_("Pause")                      a message in English, translated where it is shown
//   {Txt::TrainPause, NC_("training", "Pause")}
//                                    the same English with a context, for a table row whose last
//                                    two fields are msgid and context: NC_ expands to both
//
// Both leave the English in the code unchanged; the translation is looked up at run time in the
// catalogue of the user's language (app/i18n/ui_text.h: tr, translate).
#pragma once

#define N_(msgid) msgid
#define NC_(context, msgid) msgid, context
