#!/usr/bin/python3
"""Convert a PyTorch checkpoint (pytorch_model.bin) into model.safetensors, for AttnLab.

AttnLab refuses pickle checkpoints: unpickling can run arbitrary code. This script loads one with
torch.load(weights_only=True), which only rebuilds tensors and plain containers and refuses
anything else, then writes the tensors in the safetensors layout:

    u64 little-endian N | N bytes of JSON header | raw little-endian tensor data

Usage (Debian: apt-get install python3-torch):
    /usr/bin/python3 tools/convert_to_safetensors.py MODEL_FOLDER
    /usr/bin/python3 tools/convert_to_safetensors.py pytorch_model.bin -o model.safetensors

Tensors that share storage (tied weights) are written once per name, as copies.
"""
import argparse
import json
import os
import struct
import sys
import tempfile

DTYPES = {  # torch dtype name -> (safetensors dtype, integer view for raw bytes or None)
    "torch.float32": ("F32", None),
    "torch.float16": ("F16", None),
    "torch.bfloat16": ("BF16", "int16"),
    "torch.float64": ("F64", None),
    "torch.int64": ("I64", None),
    "torch.int32": ("I32", None),
    "torch.int16": ("I16", None),
    "torch.int8": ("I8", None),
    "torch.uint8": ("U8", None),
    "torch.bool": ("BOOL", None),
}


def tensor_bytes(torch, t):
    t = t.detach().cpu().contiguous()
    name = str(t.dtype)
    if name not in DTYPES:
        raise ValueError(f"unsupported dtype {name}")
    view = DTYPES[name][1]
    if view:
        t = t.view(getattr(torch, view))
    data = t.numpy().tobytes()
    if sys.byteorder != "little":
        raise SystemExit("big-endian machines are not supported")
    return data


def flatten(obj, prefix=""):
    """Yields (name, tensor) from a state dict, also when nested in {"state_dict": ...}."""
    import torch

    if isinstance(obj, torch.Tensor):
        yield prefix, obj
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from flatten(value, f"{prefix}.{key}" if prefix else str(key))


def convert(src, dst):
    import torch

    state = torch.load(src, map_location="cpu", weights_only=True)
    if isinstance(state, dict) and "state_dict" in state and len(state) <= 3:
        state = state["state_dict"]
    tensors = sorted(flatten(state))
    if not tensors:
        raise SystemExit(f"{src}: no tensors found")

    header, blobs, offset = {}, [], 0
    for name, t in tensors:
        data = tensor_bytes(torch, t)
        header[name] = {
            "dtype": DTYPES[str(t.dtype)][0],
            "shape": list(t.shape),
            "data_offsets": [offset, offset + len(data)],
        }
        blobs.append(data)
        offset += len(data)
    header["__metadata__"] = {"format": "pt", "converted_by": "attnlab convert_to_safetensors.py"}
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 8)  # keep the data section 8-byte aligned

    folder = os.path.dirname(os.path.abspath(dst))
    fd, tmp = tempfile.mkstemp(prefix=".convert-", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(struct.pack("<Q", len(text)))
            f.write(text)
            for blob in blobs:
                f.write(blob)
        os.replace(tmp, dst)  # atomic: never a half-written model.safetensors
    except BaseException:
        os.unlink(tmp)
        raise
    return len(tensors), offset


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("source", help="pytorch_model.bin, or a model folder that holds one")
    ap.add_argument("-o", "--output", help="default: model.safetensors next to the source")
    args = ap.parse_args()

    src = args.source
    if os.path.isdir(src):
        src = os.path.join(src, "pytorch_model.bin")
    if not os.path.isfile(src):
        raise SystemExit(f"{src}: no such file")
    dst = args.output or os.path.join(os.path.dirname(os.path.abspath(src)), "model.safetensors")
    try:
        count, size = convert(src, dst)
    except Exception as e:  # a bad checkpoint: say so in one line, no traceback
        raise SystemExit(f"{src}: cannot convert: {e}")
    print(f"wrote {dst}: {count} tensors, {size / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
