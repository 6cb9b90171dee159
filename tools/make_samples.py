#!/usr/bin/python3
# make_samples.py — the bundled sample images (assets/samples/, File > Open image > Samples).
#
# Run with Debian's Python (PIL, numpy):
#   /usr/bin/python3 tools/make_samples.py [SKIMAGE_DATA_DIR]
# Sources, both Debian packages (licences recorded in packaging/copyright):
#   - python3-skimage's sample data (default /usr/lib/python3/dist-packages/skimage/data; without
#     installing it, `apt-get download python3-skimage && dpkg -x python3-skimage_*.deb DIR` gives
#     DIR/usr/lib/python3/dist-packages/skimage/data): chelsea (CC0, Stefan van der Walt), coffee
#     (CC0, Rachel Michetti), rocket (SpaceX, public domain), astronaut (NASA, public domain), as
#     the docstrings of skimage/data/_fetchers.py state. Scaled so the longer side is 320 pixels
#     (the models see 224) and saved as JPEG, quality 88.
#   - dataset-fashion-mnist (MIT/Expat, Zalando SE): the first test image of each of the 10
#     classes, 28×28 grey PNG, as in the data set.
# The list the app reads (file, English and Korean names) is written to assets/samples/samples.txt.
import gzip
import os
import sys

import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "assets", "samples")
SKIMAGE = sys.argv[1] if len(sys.argv) > 1 else "/usr/lib/python3/dist-packages/skimage/data"
FASHION = "/usr/share/datasets/fashion-mnist"

PHOTOS = [  # source file, our file, English, Korean
    ("chelsea.png", "cat-chelsea.jpg", "Cat (Chelsea)", "고양이 (첼시)"),
    ("coffee.png", "coffee.jpg", "Cup of coffee", "커피 한 잔"),
    ("rocket.jpg", "rocket.jpg", "Rocket launch (SpaceX)", "로켓 발사 (SpaceX)"),
    ("astronaut.png", "astronaut.jpg", "Astronaut Eileen Collins (NASA)", "우주비행사 아일린 콜린스 (NASA)"),
]
FASHION_CLASSES = [  # Fashion-MNIST's label order
    ("t-shirt", "T-shirt/top", "티셔츠/탑"), ("trouser", "Trouser", "바지"), ("pullover", "Pullover", "풀오버"),
    ("dress", "Dress", "드레스"), ("coat", "Coat", "코트"), ("sandal", "Sandal", "샌들"), ("shirt", "Shirt", "셔츠"),
    ("sneaker", "Sneaker", "운동화"), ("bag", "Bag", "가방"), ("ankle-boot", "Ankle boot", "앵클 부츠"),
]


def idx(path):
    with gzip.open(path, "rb") as f:
        data = f.read()
    dims = data[3]
    shape = [int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(dims)]
    return np.frombuffer(data, dtype=np.uint8, offset=4 + 4 * dims).reshape(shape)


def main():
    os.makedirs(OUT, exist_ok=True)
    lines = ["# Sample images for File > Open image > Samples: file|English|Korean (made by tools/make_samples.py;",
             "# licences in packaging/copyright)."]
    for src, dst, en, ko in PHOTOS:
        img = Image.open(os.path.join(SKIMAGE, src)).convert("RGB")
        scale = 320.0 / max(img.size)
        img = img.resize((round(img.width * scale), round(img.height * scale)), Image.LANCZOS)
        img.save(os.path.join(OUT, dst), "JPEG", quality=88, optimize=True)
        lines.append(f"{dst}|{en}|{ko}")
    images = idx(os.path.join(FASHION, "t10k-images-idx3-ubyte.gz"))
    labels = idx(os.path.join(FASHION, "t10k-labels-idx1-ubyte.gz"))
    for c, (slug, en, ko) in enumerate(FASHION_CLASSES):
        first = int(np.nonzero(labels == c)[0][0])
        name = f"fashion-{c}-{slug}.png"
        Image.fromarray(images[first], mode="L").save(os.path.join(OUT, name), optimize=True)
        lines.append(f"{name}|Fashion-MNIST: {en}|패션-MNIST: {ko}")
    with open(os.path.join(OUT, "samples.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
