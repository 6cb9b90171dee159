// class_names.cpp — classifier class names in the UI's language
// (implementation; the interface and its contract are in class_names.h)
#include "app/i18n/class_names.h"

#include <cstddef>

namespace attn::app {

namespace {

// Fashion-MNIST's labels (Zalando Research's README), and the words a Korean student uses for each
// garment: "원피스", not "드레스" (in Korean a 드레스 is a gown; the dataset's dresses are everyday
// one-piece dresses); the loanwords 풀오버, 스니커즈 and 앵클부츠 are what Korean shops write.
constexpr const char* kEnglish[10] = {"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
                                      "Sandal",      "Shirt",   "Sneaker",  "Bag",   "Ankle boot"};
constexpr const char* kKorean[10] = {"티셔츠/상의", "바지", "풀오버", "원피스", "코트",
                                     "샌들",        "셔츠", "스니커즈", "가방", "앵클부츠"};

// The odd-one task's quarters (core/train/image_data.cpp).
constexpr const char* kQuarters[4] = {"top left", "top right", "bottom left", "bottom right"};
constexpr const char* kQuartersKo[4] = {"왼쪽 위", "오른쪽 위", "왼쪽 아래", "오른쪽 아래"};

bool same_names(const std::vector<std::string>& names, const char* const* english, std::size_t n) {
    if (names.size() != n) return false;
    for (std::size_t i = 0; i < n; ++i)
        if (names[i] != english[i]) return false;
    return true;
}

// The Korean list for a list we know, else null.
const char* const* korean_names(const std::vector<std::string>& names) {
    if (same_names(names, kEnglish, 10)) return kKorean;
    if (same_names(names, kQuarters, 4)) return kQuartersKo;
    return nullptr;
}

}  // namespace

bool is_fashion_mnist_names(const std::vector<std::string>& names) { return same_names(names, kEnglish, 10); }

std::string class_name_for_ui(const std::vector<std::string>& names, int id, Lang lang, const std::string& fallback) {
    if (id < 0 || std::size_t(id) >= names.size() || names[std::size_t(id)].empty()) return fallback;
    const char* const* ko = lang == Lang::Ko ? korean_names(names) : nullptr;
    return ko ? ko[id] : names[std::size_t(id)];
}

std::vector<std::string> class_names_for_ui(const std::vector<std::string>& names, Lang lang) {
    const char* const* ko = lang == Lang::Ko ? korean_names(names) : nullptr;
    if (!ko) return names;
    return std::vector<std::string>(ko, ko + names.size());
}

}  // namespace attn::app
