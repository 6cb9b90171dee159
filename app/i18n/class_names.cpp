// class_names.cpp — classifier class names in the UI's language
// (implementation; the interface and its contract are in class_names.h)
#include "app/i18n/class_names.h"

#include <cstddef>

#include "core/i18n/marks.h"

namespace attn::app {

namespace {

// Fashion-MNIST's labels (Zalando Research's README). Translators: the words a student uses for
// each garment (Korean: "원피스", not "드레스" — in Korean a 드레스 is a gown, the dataset's dresses
// are everyday one-piece dresses; the loanwords 풀오버, 스니커즈 and 앵클부츠 are what shops write).
struct Name {
    const char* en;
    const char* context;
};
constexpr Name kFashion[10] = {
    {NC_("a Fashion-MNIST class", "T-shirt/top")}, {NC_("a Fashion-MNIST class", "Trouser")},
    {NC_("a Fashion-MNIST class", "Pullover")},    {NC_("a Fashion-MNIST class", "Dress")},
    {NC_("a Fashion-MNIST class", "Coat")},        {NC_("a Fashion-MNIST class", "Sandal")},
    {NC_("a Fashion-MNIST class", "Shirt")},       {NC_("a Fashion-MNIST class", "Sneaker")},
    {NC_("a Fashion-MNIST class", "Bag")},         {NC_("a Fashion-MNIST class", "Ankle boot")}};

// The odd-one task's quarters (core/train/image_data.cpp).
constexpr Name kQuarters[4] = {{NC_("a quarter of an image", "top left")},
                               {NC_("a quarter of an image", "top right")},
                               {NC_("a quarter of an image", "bottom left")},
                               {NC_("a quarter of an image", "bottom right")}};

template <std::size_t N>
bool same_names(const std::vector<std::string>& names, const Name (&english)[N]) {
    if (names.size() != N) return false;
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] != english[i].en) return false;
    return true;
}

// The list we know that `names` is, else null.
const Name* known_list(const std::vector<std::string>& names) {
    if (same_names(names, kFashion)) return kFashion;
    if (same_names(names, kQuarters)) return kQuarters;
    return nullptr;
}

}  // namespace

bool is_fashion_mnist_names(const std::vector<std::string>& names) {
    return same_names(names, kFashion);
}

std::string class_name_for_ui(const std::vector<std::string>& names, int id, Lang lang,
                              const std::string& fallback) {
    if (id < 0 || std::size_t(id) >= names.size() || names[std::size_t(id)].empty()) return fallback;
    const Name* known = known_list(names);
    return known ? translate(lang, known[id].context, known[id].en) : names[std::size_t(id)];
}

std::vector<std::string> class_names_for_ui(const std::vector<std::string>& names, Lang lang) {
    const Name* known = known_list(names);
    if (!known) return names;
    std::vector<std::string> out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out.push_back(translate(lang, known[i].context, known[i].en));
    return out;
}

}  // namespace attn::app
