// class_names.cpp — classifier class names in the UI's language
// (implementation; the interface and its contract are in class_names.h)
#include "app/i18n/class_names.h"

#include <cstddef>
#include <iterator>

namespace attn::app {

namespace {

// Fashion-MNIST's labels (Zalando Research's README), and the words a Korean student uses for each
// garment: "원피스", not "드레스" (in Korean a 드레스 is a gown; the dataset's dresses are everyday
// one-piece dresses); the loanwords 풀오버, 스니커즈 and 앵클부츠 are what Korean shops write.
constexpr const char* kEnglish[10] = {"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
                                      "Sandal",      "Shirt",   "Sneaker",  "Bag",   "Ankle boot"};
constexpr const char* kKorean[10] = {"티셔츠/상의", "바지", "풀오버", "원피스", "코트",
                                     "샌들",        "셔츠", "스니커즈", "가방", "앵클부츠"};

}  // namespace

bool is_fashion_mnist_names(const std::vector<std::string>& names) {
    if (names.size() != 10) return false;
    for (std::size_t i = 0; i < 10; ++i)
        if (names[i] != kEnglish[i]) return false;
    return true;
}

std::string class_name_for_ui(const std::vector<std::string>& names, int id, Lang lang, const std::string& fallback) {
    if (id < 0 || std::size_t(id) >= names.size() || names[std::size_t(id)].empty()) return fallback;
    if (lang == Lang::Ko && is_fashion_mnist_names(names)) return kKorean[id];
    return names[std::size_t(id)];
}

std::vector<std::string> class_names_for_ui(const std::vector<std::string>& names, Lang lang) {
    if (lang != Lang::Ko || !is_fashion_mnist_names(names)) return names;
    return std::vector<std::string>(std::begin(kKorean), std::end(kKorean));
}

}  // namespace attn::app
