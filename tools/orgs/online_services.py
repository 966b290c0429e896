#!/usr/bin/env python3
# Converts the 2factorauth directory (../shared/data/online_services/services.tsv, MIT, commit in its PROVENANCE.md)
# into Rules/online_services.tsv: the online services a card or bank line may name, with garden's category and
# the merchant kind their category implies (online; a utility or insurer chain; a public body government; a
# university local). The online_service resolver reads it (Sources/GardenResolvers/OnlineServiceResolver.swift).
# Rules, each general:
# - a service is kept when it is offered in Brazil, the US or Canada, or everywhere (its `regions`);
# - its category comes from the directory's own categories through CATEGORY below (reviewed against
#   Rules/taxonomy.tsv); banking, finance, investing, payments and cryptocurrencies are left out: an institution or a
#   payment wrapper is not the merchant of a line (Rules/processors.tsv and the bank lines own those); a service whose
#   categories name none of garden's ("other", "crowdfunding") is kept for its kind and name, without a category;
# - travel and transport are split by the name's head noun (airline → travel.air, hotel → travel.lodging, rail and
#   transit → transport.public), utilities by theirs (mobile, broadband, cable → home.telecom; energy, power,
#   electric, gas, water → home.utilities; neither: no category);
# - patterns: the folded name, and the domain's name part ("hbomax" for hbomax.com) when it has 5 or more letters;
#   a pattern under 4 letters is dropped; a one-word pattern that is a word of Rules/name_words.tsv, a place
#   (Rules/places.tsv) or under 5 letters names the service only as the whole merchant name (`=MEGA`); one of common
#   words only (Zipf >= 3.5) only at the head of the merchant name (`^HBO MAX`); a pattern two services share goes to
#   neither; a distinctive one-word name (6+ letters, no listed word, place or wordfreq word, nor the start of one) may end inside
#   the printed word (`DASHLANE*`: a wrapper's descriptor glues a country or product to it, "PAYPAL *DASHLANEUSA").
# Measured by tools/orgs/measure.py: the services' names as a card line prints them (recall), and the 490,000 real
# business names of ../shared/data/names read as card lines (what the patterns wrongly claim there).
# Usage: python3 tools/orgs/online_services.py
import os
import re
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import ROOT, SHARED, common_words, fold, places, read_tsv, write  # noqa: E402

SOURCE = os.path.join(SHARED, 'online_services', 'services.tsv')
COMMIT = 'f3ac2ab71c6fe4857a4ad1ef039d2a4eaf1a342c'
SKIP = {'banking', 'finance', 'investing', 'payments', 'cryptocurrencies'}
# The directory's category → garden's, first one of an entry's categories in this order that maps wins.
CATEGORY = [
    ('government', 'taxes.government'), ('universities', 'education'), ('education', 'education'),
    ('insurance', 'insurance'), ('health', 'health.care'), ('entertainment', 'subscriptions.streaming'),
    ('gaming', 'entertainment'), ('betting', 'entertainment'), ('tickets', 'entertainment'),
    ('food', 'food.delivery'), ('travel', 'travel'), ('transport', 'transport'), ('utilities', 'utilities'),
    ('retail', 'shopping.general'), ('postal', 'services.general'), ('legal', 'services.professional'),
] + [(c, 'subscriptions.software') for c in (
    'developer', 'cloud', 'hosting', 'domains', 'email', 'backup', 'security', 'vpn', 'task', 'creativity',
    'marketing', 'remote', 'identity', 'iot', 'social', 'communication')]
# Airlines, hotels, utilities and insurers are chains (many locations or a large company); a public body is government.
KIND = {'taxes.government': 'government', 'travel.air': 'chain', 'travel.lodging': 'chain'}
AIR = re.compile(r'\b(air|airlines?|airways|aero\w*|jet\w*|lufthansa|qantas|ryanair|easyjet|finnair|delta)\b')
LODGING = re.compile(r'\b(hotels?|hostels?|hyatt|hilton|marriott|ihg|airbnb|booking|couchsurfing|resorts?|inn)\b')
TRANSIT = re.compile(r'\b(rail\w*|train\w*|bahn|transit|metro|bus|greyhound|amtrak|clipper|omny|smartrip|verkehr\w*|trafiken)\b')
CHARGING = re.compile(r'\b(charge\w*|evgo|plugshare)\b')
RIDES = re.compile(r'\b(uber|lyft|bolt|didi|cabify|taxi)\b')
TELECOM = re.compile(r'\b(mobile|wireless|broadband|fib(er|re)|cable|telecom\w*|communications?|cellular|tv|dish|directv|internet|phone|fi)\b')
ENERGY = re.compile(r'\b(energy|power|electric\w*|gas|water|hydro|utilit\w*|edison|light)\b')


def category(entry):
    categories = entry['categories'].split('|')
    if SKIP & set(categories):
        return None
    words = fold(entry['name'] + ' ' + entry['domain'].replace('.', ' '))
    for source, target in CATEGORY:
        if source not in categories:
            continue
        if target == 'travel':
            return 'travel.air' if AIR.search(words) else 'travel.lodging' if LODGING.search(words) else 'travel.other'
        if target == 'transport':
            return ('transport.public' if TRANSIT.search(words) else 'transport.fuel' if CHARGING.search(words)
                    else 'transport.rideshare' if RIDES.search(words) else 'transport')
        if target == 'utilities':
            return 'home.telecom' if TELECOM.search(words) else 'home.utilities' if ENERGY.search(words) else '-'
        return target
    return '-'


def offered(entry):
    regions = [r for r in entry['regions'].split('|') if r]
    included = [r for r in regions if not r.startswith('-')]
    excluded = {r[1:] for r in regions if r.startswith('-')}
    if {'br', 'us', 'ca'} <= excluded:
        return False
    return not included or bool({'br', 'us', 'ca'} & set(included))


def domain_label(domain):
    """The name part of a registrable domain: hbomax.com → hbomax, registro.br → registro, x.com.br → x."""
    parts = domain.lower().split('.')
    while len(parts) > 1 and parts[-1] in ('com', 'net', 'org', 'br', 'ca', 'us', 'io', 'co', 'tv', 'app', 'gov', 'edu', 'me', 'ai'):
        parts.pop()
    return parts[-1] if parts else ''


def main():
    common, place, known = common_words(), places(), common_words(0.0)
    # The listed words, places and every word of wordfreq's English and Portuguese lists, by their first 6 letters.
    starts = defaultdict(set)
    from wordfreq import iter_wordlist
    for word in known | {p for p in place if ' ' not in p} | {fold(w) for lang in ('en', 'pt') for w in iter_wordlist(lang)}:
        if len(word) >= 6:
            starts[word[:6]].add(word)
    kept = []
    for entry in read_tsv(SOURCE):
        if not offered(entry):
            continue
        target = category(entry)
        if target is None:
            continue
        kept.append((entry, target))
    owners = defaultdict(set)
    rows = []
    for entry, target in kept:
        forms = {fold(re.sub(r'\s*\[[A-Z]{2}\]$', '', entry['name']))}
        label = fold(domain_label(entry['domain']))
        if len(label) >= 5 and label not in common and label not in place:
            forms.add(label)
        patterns = []
        for form in sorted(forms):
            if sum(c != ' ' for c in form) < 4:
                continue
            words = form.split()
            if len(words) == 1 and (form in known or form in place or len(form) < 5):
                mark = '='   # a word, a place or a short name: only as the whole merchant name
            elif all(w in common for w in words) or form in place:
                mark = '^'   # common words: only at the head of the merchant name
            else:
                mark = ''
            # A distinctive one-word name (6 letters or more, no listed word and the start of none) may end inside the
            # printed word: a wrapper's soft descriptor glues a country or product to it ("PAYPAL *DASHLANEUSA").
            glued = (len(words) == 1 and not mark and len(form) >= 6 and form.isalpha()
                     and not any(w != form and w.startswith(form) for w in starts.get(form[:6], ())))
            patterns.append(mark + form.upper() + ('*' if glued else ''))
            owners[form].add(entry['name'])
        rows.append((entry, target, patterns))
    out = []
    for entry, target, patterns in rows:
        patterns = [p for p in patterns if len(owners[p.lstrip('^=').rstrip('*').lower()]) == 1]
        if not patterns:
            continue
        sources = entry['categories'].split('|')
        kind = ('local' if 'universities' in sources else 'chain' if {'utilities', 'insurance'} & set(sources)
                else KIND.get(target, 'online'))
        out.append((entry['name'], target, kind, entry['domain'] or '-', '|'.join(patterns)))
    header = [
        'Online services a card or bank line may name: name, category (Rules/taxonomy.tsv, "-": the service names none),',
        'merchant kind, domain, patterns (|-separated; ^: only as the first word of the merchant name).',
        'Source: 2factorauth directory (2fa.directory), github.com/2factorauth/twofactorauth entries/, commit ' + COMMIT + ',',
        'MIT licence (Copyright (c) 2factorauth; ../shared/data/online_services/LICENSE.upstream.txt); generated by',
        'tools/orgs/online_services.py (categories mapped there); do not edit. %d services.' % len(out),
        'Columns: name\tcategory\tkind\tdomain\tpatterns',
    ]
    write(os.path.join(ROOT, 'Rules', 'online_services.tsv'), header, out)
    print('%d services written' % len(out))


if __name__ == '__main__':
    main()
