"""The dev set's scoring rule (the ../shared/dev README's), shared by bench/learning.py and bench/replay.py."""


def category_right(expected, category, review, flow=None):
    """Whether `category` (flagged for review or not) is right for the expected categories of a labelled row:
    a group prefix matches its members (`food` holds `food.groceries`); `other` is right when garden leaves
    the row uncategorized or flags it; `refund` (a label of the dev set for money back whose purchase the row does
    not name; no category of the taxonomy) is right when garden's `flow` is refund (never when the flow is unknown)."""
    for label in expected:
        if label == "refund":
            if flow == "refund":
                return True
            continue
        if label == "other":
            if category == "uncategorized" or review:
                return True
        elif category == label or category.startswith(label + "."):
            return True
    return False
