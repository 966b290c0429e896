# The trade-name model's features of a folded name (garden's `Descriptor.foldedName`: lower-case words split by
# single spaces). The Swift twin is Sources/GardenTradeNames/TradeNameFeatures.swift; both must give the same
# buckets, byte for byte, or the model file's hold-out figures do not hold in garden.
#
# For each word w (its UTF-8 bytes):
#   word      w itself
#   prefix    w's first 4, 5, 6, 7 and 8 bytes (those it has): a word the bank cut at its column limit
#             ("NOOD", "RESTAURA") shares them with the whole word ("noodles", "restaurante")
#   n-gram    every 3-, 4- and 5-byte run of "^" + w + "$": morphology (-inho, -aria, -eria, plurals) and the
#             parts of glued names ("luciaferreiramota")
# and for each pair of adjacent words, the pair ("auto posto", "pet shop").
# A feature is a 64-bit hash: state = seed of the feature kind; per byte b: state = (state + b + 1) * GOLDEN,
# state ^= state >> 32 (mod 2^64); bucket = ((state ^ (state >> 31)) * MIX mod 2^64) >> (64 - bits).
# A feature met twice counts twice.

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MIX = 0xBF58476D1CE4E5B9
SEED_WORD = 0x243F6A8885A308D3
SEED_PREFIX = 0x13198A2E03707344
SEED_NGRAM = 0xA4093822299F31D0
SEED_PAIR = 0x082EFA98EC4E6C89
PREFIXES = (4, 8)   # lengths 4...8
NGRAMS = (3, 5)     # lengths 3...5
CARET, DOLLAR, SPACE = 0x5E, 0x24, 0x20


def _step(state, byte):
    state = ((state + byte + 1) * GOLDEN) & MASK
    return state ^ (state >> 32)


def _bucket(state, bits):
    return (((state ^ (state >> 31)) * MIX) & MASK) >> (64 - bits)


def word_buckets(word, bits):
    """The buckets of one word's own features (word, prefixes, n-grams), in the Swift scorer's order."""
    out = []
    state = SEED_WORD
    for b in word:
        state = _step(state, b)
    out.append(_bucket(state, bits))
    state = SEED_PREFIX
    for i, b in enumerate(word[:PREFIXES[1]]):
        state = _step(state, b)
        if i + 1 >= PREFIXES[0]:
            out.append(_bucket(state, bits))
    padded = bytes([CARET]) + word + bytes([DOLLAR])
    for i in range(len(padded)):
        state = SEED_NGRAM
        for j in range(i, min(i + NGRAMS[1], len(padded))):
            state = _step(state, padded[j])
            if j - i + 1 >= NGRAMS[0]:
                out.append(_bucket(state, bits))
    return out


def pair_bucket(first, second, bits):
    state = SEED_PAIR
    for b in first + bytes([SPACE]) + second:
        state = _step(state, b)
    return _bucket(state, bits)


class Featurizer:
    """Buckets of folded names, caching each distinct word's buckets (names repeat their words)."""

    def __init__(self, bits):
        self.bits = bits
        self.cache = {}

    def __call__(self, folded):
        words = [w.encode('utf-8') for w in folded.split(' ') if w]
        out = []
        for w in words:
            cached = self.cache.get(w)
            if cached is None:
                cached = self.cache[w] = word_buckets(w, self.bits)
            out.extend(cached)
        for a, b in zip(words, words[1:]):
            out.append(pair_bucket(a, b, self.bits))
        return out
