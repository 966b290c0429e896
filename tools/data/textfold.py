# The folding garden matches on (Sources/GardenFoundation/TokenizedText.swift), for the data converters:
# NFKD without marks, case-folded, words split where letters meet digits, an apostrophe between letters
# joining the word ("Arby's" -> "arbys"), any other run of punctuation and spaces one separator.
import re
import unicodedata

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*|\d+")


def fold(text):
    """The folded words of `text` joined by single spaces ("Pão de Açúcar" -> "pao de acucar")."""
    plain = ''.join(c for c in unicodedata.normalize('NFKD', text) if not unicodedata.combining(c))
    plain = plain.casefold().replace('\u2019', "'")
    return ' '.join(w.replace("'", '') for w in _WORD.findall(plain))


def letters(text):
    """The number of letters and digits of a folded text."""
    return sum(1 for c in text if c != ' ')
