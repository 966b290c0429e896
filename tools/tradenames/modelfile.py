# The trade-name model file (Rules/trade_names.bin) and its integer scorer, the reference the Swift scorer
# (Sources/GardenTradeNames) must agree with to the last stored digit.
#
# Layout, little-endian, every section at a multiple of 16 bytes:
#   magic "GTNM", format version u32, CRC-32 (zlib) u32 of every byte after this field, header length u32
#   header (at 16): UTF-8 provenance text (converter, sources, commit, date, hold-out figures), zero-padded to 16
#   counts: bucket bits, classes K, stride (K rounded up to 16), exp entries E, calibration steps C,
#           decide per-mille, suggest per-mille, reserved: 8 x u32
#   class ids: K x (u8 length, bytes), zero-padded to 16
#   bias: K x i32; exp: E x u32 (Q16: round(65536 * exp(-d * scale))); calibration: C x (u32 raw Q16 floor, u32 per-mille)
#   weights: 2^bits x stride x i8 (class k of bucket b at b * stride + k; the padding is 0)
# Score of a folded name: acc[k] = bias[k] + sum over its features' buckets of weight[bucket][k] (int32);
# d[k] = max(acc) - acc[k]; e[k] = exp[min(d[k], E - 1)]; raw[k] = (e[k] << 16) // sum(e) (Q16);
# calibrated[k] = per-mille of the last calibration step whose floor <= raw[k] (0 below the first).
import struct
import zlib

import numpy as np

MAGIC = b'GTNM'
VERSION = 1


def _pad(buf):
    return buf + b'\0' * (-len(buf) % 16)


def write(path, header, bits, classes, bias, exp, calibration, decide, suggest, weights):
    k = len(classes)
    stride = (k + 15) // 16 * 16
    assert weights.shape == (1 << bits, k) and weights.dtype == np.int8
    padded = np.zeros((1 << bits, stride), dtype=np.int8)
    padded[:, :k] = weights
    body = _pad(header.encode('utf-8'))
    counts = struct.pack('<8I', bits, k, stride, len(exp), len(calibration), decide, suggest, 0)
    names = _pad(b''.join(struct.pack('<B', len(c)) + c.encode('ascii') for c in classes))
    tables = _pad(struct.pack(f'<{k}i', *bias) + struct.pack(f'<{len(exp)}I', *exp)
                  + b''.join(struct.pack('<2I', floor, value) for floor, value in calibration))
    rest = struct.pack('<I', len(header.encode('utf-8'))) + body + _pad(counts) + names + tables + padded.tobytes()
    crc = zlib.crc32(rest)
    data = MAGIC + struct.pack('<II', VERSION, crc) + rest
    with open(path + '.tmp', 'wb') as f:
        f.write(data)
    import os
    os.replace(path + '.tmp', path)


class Model:
    def __init__(self, path):
        data = open(path, 'rb').read()
        assert data[:4] == MAGIC
        version, crc = struct.unpack_from('<II', data, 4)
        assert version == VERSION and zlib.crc32(data[12:]) == crc
        (length,) = struct.unpack_from('<I', data, 12)
        at = 16
        self.header = data[at:at + length].decode('utf-8')
        at += (length + 15) // 16 * 16
        self.bits, k, self.stride, e, c, self.decide, self.suggest, _ = struct.unpack_from('<8I', data, at)
        at += 32
        self.classes = []
        start = at
        for _ in range(k):
            n = data[at]
            self.classes.append(data[at + 1:at + 1 + n].decode('ascii'))
            at += 1 + n
        at = start + (at - start + 15) // 16 * 16
        self.bias = np.frombuffer(data, dtype='<i4', count=k, offset=at).astype(np.int64)
        self.exp = np.frombuffer(data, dtype='<u4', count=e, offset=at + 4 * k).astype(np.int64)
        cal = np.frombuffer(data, dtype='<u4', count=2 * c, offset=at + 4 * k + 4 * e).reshape(c, 2).astype(np.int64)
        self.cal_floor, self.cal_value = cal[:, 0], cal[:, 1]
        at += (4 * k + 4 * e + 8 * c + 15) // 16 * 16
        self.weights = np.frombuffer(data, dtype=np.int8, count=(1 << self.bits) * self.stride, offset=at) \
            .reshape(1 << self.bits, self.stride)[:, :k].astype(np.int64)
        assert at + (1 << self.bits) * self.stride == len(data)


def accumulate(bias, weights, buckets):
    """acc[k] for one name's feature buckets."""
    acc = bias.copy()
    for b in buckets:
        acc += weights[b]
    return acc


def raw_q16(acc, exp):
    """Fixed-point softmax rows (int64 arrays, shape (n, K)) -> Q16 probabilities, exactly as the Swift scorer."""
    acc = np.atleast_2d(acc)
    d = np.minimum(acc.max(axis=1, keepdims=True) - acc, len(exp) - 1)
    e = exp[d]
    return (e << 16) // e.sum(axis=1, keepdims=True)


def calibrate(raw, floors, values):
    """Per-mille of the last step whose floor <= raw (0 below the first)."""
    i = np.searchsorted(floors, raw, side='right') - 1
    return np.where(i >= 0, values[np.maximum(i, 0)], 0)


def top(model, buckets, n=3):
    """[(class id, raw Q16, calibrated per-mille)] of the n best classes by score, equal scores to the lower index."""
    if not buckets:
        return []
    acc = accumulate(model.bias, model.weights, buckets)
    raw = raw_q16(acc, model.exp)[0]
    order = sorted(range(len(raw)), key=lambda k: (-acc[k], k))[:n]
    return [(model.classes[k], int(raw[k]), int(calibrate(raw[k], model.cal_floor, model.cal_value))) for k in order]
