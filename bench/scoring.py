"""The dev set's scoring rule (the ../shared/dev README's), shared by bench/learning.py and bench/replay.py."""


def category_right(expected, category, review):
    """Whether `category` (flagged for review or not) is right for the expected categories of a labelled row:
    a group prefix matches its members (`food` holds `food.groceries`); `other` is right when garden leaves
    the row uncategorized or flags it."""
    for label in expected:
        if label == "other":
            if category == "uncategorized" or review:
                return True
        elif category == label or category.startswith(label + "."):
            return True
    return False
