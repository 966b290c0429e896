#!/usr/bin/env python3
# Converts the OpenStreetMap name-suggestion-index extract (../shared/data/nsi/nsi_americas.jsonl, BSD-3-Clause,
# commit in ../shared/data/nsi/COMMIT) into Brands/nsi-br.tsv, Brands/nsi-us-ca.tsv and Brands/nsi-world.tsv:
# the catalog's columns plus `countries` (from the entry's locationSet include/exclude) and `wikidata`.
# Every entry reaches the catalog unless a stated, general reason keeps it out; the report counts each reason:
# - category from the OSM key=value (tools/data/nsi_categories.py maps every value present; a flag names no payee);
# - countries from the entry's locationSet: an entry of none of BR/CA/US is left out;
# - patterns: the display name, name and brand tags and matchNames, folded as garden folds; "X by Y" also
#   gives "X Y"; trailing organisation words dropped and COOPERATIVE as COOP give more ("PEDERNALES ELECTRIC");
#   initialisms also spelled letter by letter ("B.C. HYDRO" folds to "b c hydro");
# - a pattern that is short (one word of under 5 letters, several of under 4: DSW, REI, BOSE), a number (76),
#   a place (Rules/places.tsv) or made only of common English or Portuguese words (wordfreq Zipf >= 4, or their
#   possessive: Extra, Big Lots) is kept as a head pattern (`^DSW`, the brand flagged `head`): it names the
#   brand only at the head of the name followed by store furniture (a store number, a place, nothing), never
#   inside other words or as a word of a longer name;
#   Common words with a trade word (PLANET FITNESS, FOOD LION, HOLIDAY INN) are head patterns too: a chain's
#   name that a shop may also be called names the chain only at the head of the line before store furniture,
#   and a shop so called is in the chain's trade anyway; such an entry takes a name only after the other
#   entries of its tree, a name of it the hand-written catalog has stays there, and an operator takes one only
#   for a feature it is paid for (OPERATOR_PAYEES: a school district, a parking operator, not a university's
#   emergency phones);
# - a pattern is dropped (the entry too when none is left) when it is under 3 letters (TA, SP), a word of the
#   bank-line, boilerplate or processor patterns (ACCT), a single keyword or curated trade head noun (SALON),
#   made only of trade words, as a description is (TEA SHOP, CELL PHONE REPAIR), or an owner's name with a trade
#   word, the commonest name of an independent shop (JOE'S PIZZA, PETE'S MARKET);
# - the hand-written Brands/*.tsv win: an entry sharing a pattern with them is left out; a pattern two NSI
#   entries share goes to the first (brands, then operators, then transit; then file order), and an entry whose
#   patterns all went to earlier entries is one of them (the same brand under another feature);
# - one operator listed under several features takes the category most of them name, and an
#   operator any of whose entries is `operator:type=government|public` is kind government;
# - an operator named by a public body's word first (PREFEITURA, GOVERNO, SECRETARIA: Rules/organisation_words.tsv),
#   or a county, township or borough itself (public_form: COUNTY OF X, ORANGE COUNTY; not its schools or libraries),
#   is left to garden's public-body rule (a payment to it is a tax or fee, whatever services it runs);
# - a transit agency listed only as the operator of power lines or substations (the traction power of its trains:
#   Chicago Transit Authority, WMATA) is what its riders pay, a public transit fare, not an electric utility: an
#   operator whose name has the word TRANSIT takes transport.public and kind government (a public transit body);
# - an entry tagged amenity=bank is a bank (flag `bank`): a hint when a line names it, a card bill when it is paid.
# Self-check: fails on an unmapped key=value, a category missing from Rules/taxonomy.tsv, a duplicate
# pattern, a country with no brands, an entry neither converted nor counted under a reason, or a hold-out
# brand (HOLDOUT) the catalog does not match on its own card line; prints the reasons and the brands per country.
# Usage: pip install wordfreq && python3 tools/data/nsi_brands.py
import json, os, re, sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from textfold import fold, letters  # noqa: E402
from nsi_categories import CATEGORY, GOVERNMENT, NOT_A_PAYEE, category as feature_category  # noqa: E402
from wordfreq import zipf_frequency  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
NSI = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'data', 'nsi'))
OURS = ('BR', 'CA', 'US')
# M49 regions (and the NSI's own codes) that contain our countries.
REGIONS = {'001': OURS, '019': OURS, '021': ('CA', 'US'), '005': ('BR',), '419': ('BR',)}
TREE_ORDER = {'brands': 0, 'operators': 1, 'transit': 2, 'flags': 3}
COMMON_ZIPF = 4.0
# Head nouns that make a phrase of common words a description, not a name ("CITY GAS STATION").
TRADE_HEADS = set('''station store shop market restaurant repair service services center centre pharmacy bank
    hotel motel inn bar grill school office clinic hospital church club posto loja mercado farmacia'''.split())
FILES = {'nsi-br.tsv': 'Brazilian', 'nsi-us-ca.tsv': 'US and Canadian', 'nsi-world.tsv': 'Brazilian and North American (or worldwide)'}


def countries(entry):
    """The subset of BR/CA/US where the entry exists."""
    def codes(items):
        found = set()
        for item in items:
            if not isinstance(item, str):
                continue
            code = item.split('.')[0].split('-')[0].upper()
            found.update(REGIONS.get(item, ()))
            if code in OURS:
                found.add(code)
        return found
    excluded = {c for c in entry['exclude'] if isinstance(c, str) and c.upper() in OURS}
    return sorted(codes(entry['include']) - {c.upper() for c in excluded})


ORG_WORDS = {'cooperative', 'coop', 'corporation', 'corp', 'company', 'co', 'inc', 'incorporated', 'llc', 'ltd',
             'association', 'membership'}


def shortened(folded):
    """Without trailing organisation words ("pedernales electric cooperative" -> "pedernales electric"), and
    with COOP for COOPERATIVE, as bills print them; only forms of two or more words."""
    words = folded.split()
    out = []
    if 'cooperative' in words:
        out.append(' '.join('coop' if w == 'cooperative' else w for w in words))
    while len(words) > 2 and words[-1] in ORG_WORDS:
        words = words[:-1]
        out.append(' '.join(words))
    return out


def names(entry):
    tags = entry['tags']
    raw = [entry['displayName'], tags.get('name', ''), tags.get('brand', '')] + entry['matchNames']
    out = []
    for name in raw:
        name = re.sub(r'\s*\([^)]*\)', '', name).strip()
        parts = re.split(r'\s+by\s+', name, flags=re.I)
        variants = [name] + ([' '.join(parts), parts[0]] if len(parts) == 2 else [])
        for variant in variants:
            whole = fold(variant)
            folded = re.sub(r'^the ', '', whole)
            titled = [whole] if whole != folded and whole.count(" ") >= 2 else []   # "the north face": a title
            for form in [folded] + (shortened(folded) if folded else []) + titled:
                for each in [form] + spelled(form):
                    if each not in out:
                        out.append(each)
    return out


def spelled(form):
    """The form with its initialisms spelled out letter by letter, as "B.C. HYDRO" folds ("b c hydro"): only
    for names of two or more words whose short words (2-3 letters without a vowel: BC, CVS, TD) are initials."""
    words = form.split()
    if len(words) < 2:
        return []
    spaced = [' '.join(w) if 2 <= len(w) <= 3 and w.isalpha() and not set(w) & set('aeiouy') else w for w in words]
    return [' '.join(spaced)] if spaced != words else []


def common(word):
    """A common English or Portuguese word, or the possessive of one ("joes")."""
    def zipf(w):
        return max(zipf_frequency(w, 'en'), zipf_frequency(w, 'pt'))
    return zipf(word) >= COMMON_ZIPF or (word.endswith('s') and zipf(word[:-1]) >= COMMON_ZIPF)


def possessive(word):
    """A possessive of a common word or name, as folded ("joes", "petes"): the word itself is not common."""
    def zipf(w):
        return max(zipf_frequency(w, 'en'), zipf_frequency(w, 'pt'))
    return word.endswith('s') and len(word) > 2 and zipf(word) < COMMON_ZIPF <= zipf(word[:-1])


def trade_words():
    """The keywords (Rules/keywords.tsv) and curated head nouns (tools/data/trade_words.py): one of them alone
    ("SALON" of "The SALON by InStyle") names a trade, not a brand."""
    from trade_words import CURATED
    words = {fold(w) for text in (t for _, t in CURATED.values()) for w in text.replace('|', ' ').split()}
    return words | {fold(l.split('\t')[0]) for l in open(os.path.join(ROOT, 'Rules', 'keywords.tsv'), encoding='utf-8')
                    if l.strip() and not l.startswith('#') and ' ' not in l.split('\t')[0]}


TRADE_WORDS = trade_words()


MIN_LETTERS = 3
# Words that join a description's trade words ("TIRE AND SERVICE", "SHOP N GO"): no name of their own.
JOINERS = {'and', 'n', 'of', 'the', 'e', 'de', 'do', 'da', 'a', 'y', 'et'}


def classify(pattern, places, reserved):
    """'ok' for a pattern that names the brand wherever it stands, 'head' for one that names it only at the
    head of a name followed by store furniture (short, a number, a place, or only common words: "dsw", "76",
    "extra", "joes pizza"), else the reason it is dropped: under three letters, a bank word ("acct"), a trade
    word alone ("salon"). A name of three or more words ("the north face", "blue bottle coffee": a fixed name)
    with no trade head noun of a generic phrase ("auto repair shop") is 'ok' whatever its words."""
    single = ' ' not in pattern
    digits = pattern.replace(' ', '').isdigit()
    if digits:
        return 'head' if len(pattern.replace(' ', '')) >= 2 else 'a pattern under 3 letters'
    if letters(pattern) < MIN_LETTERS:
        return 'a pattern under 3 letters'
    if single and pattern in reserved:
        return 'a bank-line word'
    if single and pattern in TRADE_WORDS:
        return 'a trade word alone'
    if pattern in places:
        return 'head'
    if letters(pattern) < (5 if single else 4):
        return 'head'
    words = pattern.split()
    if words[0] == 'the' and len(words) >= 3 or len(words) >= 3 and not set(words) & TRADE_HEADS:
        return 'ok'
    if not all(common(w) for w in words):
        return 'ok'
    if not single and set(words) & (TRADE_WORDS | TRADE_HEADS):
        if all(w in TRADE_WORDS | TRADE_HEADS | JOINERS for w in words):
            return 'only trade words (a description of a shop, not a name)'
        if any(possessive(w) for w in words):
            return 'an owner\'s name with a trade word (a shop\'s generic name: JOE\'S PIZZA)'
        return 'generic head'
    return 'head'


# The operator features whose operator is what a consumer pays (a school district, a parking operator, a hospital,
# a waste hauler, a gas network named for its gas): an operator named by common words is admitted only for
# these; one named for the street furniture or plant it runs (a university's emergency phones, a sheriff's
# cameras, a manufacturer's generators) is not a payee by that name.
OPERATOR_PAYEES = {'amenity=school', 'amenity=parking', 'amenity=bicycle_parking', 'amenity=hospital', 'amenity=clinic',
                   'amenity=waste_disposal', 'amenity=waste_transfer_station', 'landuse=landfill', 'amenity=library',
                   'route=ferry', 'man_made=wastewater_plant', 'office=government', 'power=line', 'power=substation',
                   'emergency=ambulance_station', 'leisure=pitch', 'leisure=park', 'amenity=community_centre'}


def generic_payee(entry):
    """Whether an entry named by common words with a trade word may take that name: every brand, and an
    operator of a feature in OPERATOR_PAYEES (or of a pipeline, when its name says gas)."""
    feature = '%s=%s' % (entry['key'], entry['value'])
    if entry['tree'] == 'brands' or feature in OPERATOR_PAYEES:
        return True
    return feature == 'man_made=pipeline' and 'gas' in fold(entry['displayName']).split()


def generic(entry, places, reserved):
    """Whether the entry's display name is common words with a trade word (FOOD LION, DIA MARKET): such an
    entry takes a name only after every other entry of its tree (Dia keeps DIA from Dia Market)."""
    pattern = re.sub(r'^the ', '', fold(re.sub(r'\s*\([^)]*\)', '', entry['displayName'])))
    words = pattern.split()
    return classify(pattern, places, reserved) == 'generic head'


def hand_patterns():
    taken = set()
    for name in sorted(os.listdir(os.path.join(ROOT, 'Brands'))):
        if name.startswith('nsi-') or not name.endswith('.tsv'):
            continue
        for line in open(os.path.join(ROOT, 'Brands', name), encoding='utf-8'):
            if line.startswith('#') or not line.strip():
                continue
            cols = line.rstrip('\n').split('\t')
            taken.add(fold(cols[1]))
            taken.update(fold(p.strip('^*')) for p in cols[7].split('|'))
    return taken


def tsv_names(rel, column=0):
    path = os.path.join(ROOT, rel)
    if not os.path.exists(path):
        return set()
    return {fold(l.split('\t')[column].strip('^*')) for l in open(path, encoding='utf-8') if l.strip() and not l.startswith('#')}


def reserved_words():
    """Every word of the bank-line, boilerplate and processor patterns (ACCT, PAGTO, DEBITO...)."""
    phrases = tsv_names('Rules/boilerplate.tsv') | tsv_names('Rules/bank_lines.tsv')
    phrases |= {fold(p.strip('*')) for line in tsv_names('Rules/processors.tsv', 6) for p in line.split('|')}
    return {w for phrase in phrases for w in phrase.split()}


def entity(entry):
    """One brand or operator across its NSI entries: its Wikidata item, else its folded display name."""
    tags = entry['tags']
    return entry['tree'], tags.get('brand:wikidata') or tags.get('operator:wikidata') or fold(entry['displayName'])


def entity_facts(entries):
    """Per operator, the category most of its features name (an electric utility also runs charging stations
    and street lamps: BC Hydro is a utility, not a fuel seller; a brand's sub-brands keep their own), and the
    entities any entry calls public."""
    votes, public = {}, set()
    for entry in entries:
        category = feature_category(entry) if '%s=%s' % (entry['key'], entry['value']) in CATEGORY else None
        if category and entry['tree'] == 'operators':
            votes.setdefault(entity(entry), Counter())[category] += 1
        if entry['tags'].get('operator:type') in ('government', 'public'):
            public.add(entity(entry))
    return {key: counts.most_common(1)[0][0] for key, counts in votes.items()}, public


def public_name(pattern, public_words):
    """Whether a folded name is a public body's itself by Rules/organisation_words.tsv: it begins with a public word
    (PREFEITURA, SECRETARIA), or names a county, township or borough (public_form) in a government form: the word
    then OF with no OF before it (COUNTY OF SANTA CLARA, CITY AND COUNTY OF DENVER) or the word last after one to
    three words of place (ORANGE COUNTY, FOND DU LAC COUNTY, HOLLAND CHARTER TOWNSHIP). A body of it (ORANGE COUNTY PUBLIC SCHOOLS, KING COUNTY
    LIBRARY SYSTEM), one serving it (GOODWILL OF ORANGE COUNTY, LIBRARIES IN CLACKAMAS COUNTY) and a name that only begins with the word
    (COUNTY CONNECTION) keep their own category."""
    words = pattern.strip('^*').split()
    if words and public_words.get(words[0]) == 'public':
        return True
    for i, word in enumerate(words):
        if public_words.get(word) != 'public_form' or 'of' in words[:i]:
            continue
        if words[i + 1:i + 2] == ['of'] or i + 1 == len(words) and 1 <= i <= 3 and 'in' not in words[:i]:
            return True
    return False


def convert(entries, taxonomy, places, taken, reserved, public_words):
    """The catalog rows, and per entry not converted the reason (entry id -> reason)."""
    rows, unmapped, owner, reasons = [], set(), {}, {}
    majority, public = entity_facts(entries)
    late = {i for i, e in enumerate(entries) if generic(e, places, reserved)}
    for order, entry in sorted(enumerate(entries), key=lambda p: (TREE_ORDER[p[1]['tree']], p[0] in late, p[0])):
        feature = '%s=%s' % (entry['key'], entry['value'])
        if feature not in CATEGORY:
            unmapped.add(feature)
            continue
        if feature in NOT_A_PAYEE or entry['tree'] == 'flags':
            reasons[entry['id']] = NOT_A_PAYEE.get(feature, 'a flag (names a nation or body, not a payee)')
            continue
        category = majority.get(entity(entry), feature_category(entry))
        transit_agency = entry['tree'] == 'operators' and category == 'home.utilities' and 'transit' in fold(entry['displayName']).split()
        if transit_agency:
            category = 'transport.public'
        where = countries(entry)
        if not where:
            reasons[entry['id']] = 'not in Brazil, the US or Canada (locationSet)'
            continue
        assert category in taxonomy, (feature, category)
        classified = [(p, classify(p, places, reserved)) for p in names(entry)]
        # A generic name the hand-written catalog has ("SUPERMERCADO DIA") is left to it; the entry keeps the others.
        patterns = [(p, c) for p, c in classified if c in ('ok', 'head')
                    or c == 'generic head' and p not in taken and generic_payee(entry)]
        if not patterns:
            generic_names = [p for p, c in classified if c == 'generic head']
            reasons[entry['id']] = ('the hand-written catalog has this name' if any(p in taken for p in generic_names)
                                    else 'no usable name: an operator named by common words for what it runs' if generic_names
                                    else 'no usable name: ' + (classified[0][1] if classified else 'no name'))
            continue
        if any(public_name(p, public_words) for p, _ in patterns):
            reasons[entry['id']] = "a public body's name (garden's public-body rule: taxes.government)"
            continue
        whole = {p for p, c in patterns if c == 'ok'}
        patterns = [(p, c) for p, c in patterns if not (p.startswith('the ') and p[4:] in whole)]
        if any(p in taken for p, _ in patterns) or fold(entry['displayName']) in taken:
            reasons[entry['id']] = 'the hand-written catalog has this name'
            continue
        fresh = [(p, c) for p, c in patterns if p not in owner]
        if not fresh:
            reasons[entry['id']] = 'the same names as an earlier entry (one brand under several features)'
            continue
        ident = 'nsi_' + re.sub(r'[^a-z0-9]+', '_', entry['id'].lower()).strip('_')
        for p, _ in fresh:
            owner[p] = ident
        kind = 'government' if entry['tree'] != 'brands' and (feature in GOVERNMENT or entity(entry) in public or transit_agency) else 'chain'
        flags = [f for f, on in (('bank', feature == 'amenity=bank'), ('head', any(c != 'ok' for _, c in fresh))) if on]
        name = re.sub(r'\s*\([^)]*\)', '', entry['displayName']).replace('\t', ' ').strip()
        wikidata = entry['tags'].get('brand:wikidata') or entry['tags'].get('operator:wikidata') or '-'
        printed = '|'.join(('' if c == 'ok' else '^') + p.upper() for p, c in fresh)
        rows.append((ident, name, kind, category, '-', ','.join(flags) or '-', '-', printed, ','.join(where), wikidata))
    if unmapped:
        sys.exit('nsi_brands.py: unmapped OSM features (add them to nsi_categories.py): ' + ' '.join(sorted(unmapped)))
    return sorted(rows), reasons


def target(row):
    where = set(row[8].split(','))
    if where == {'BR'}:
        return 'nsi-br.tsv'
    return 'nsi-world.tsv' if 'BR' in where else 'nsi-us-ca.tsv'


def main():
    entries = [json.loads(l) for l in open(os.path.join(NSI, 'nsi_americas.jsonl'), encoding='utf-8')]
    commit = open(os.path.join(NSI, 'COMMIT')).read().strip()
    taxonomy = {l.split('\t')[0] for l in open(os.path.join(ROOT, 'Rules', 'taxonomy.tsv'), encoding='utf-8')
                if l.strip() and not l.startswith('#')}
    places = tsv_names('Rules/places.tsv')
    public_words = {}
    for l in open(os.path.join(ROOT, 'Rules', 'organisation_words.tsv'), encoding='utf-8'):
        word, _, kind = l.rstrip('\n').partition('\t')
        if not l.startswith('#') and kind in ('public', 'public_form'):
            public_words[word] = kind
    rows, reasons = convert(entries, taxonomy, places, hand_patterns(), reserved_words(), public_words)
    converted = {r[0] for r in rows}
    for entry in entries:
        ident = 'nsi_' + re.sub(r'[^a-z0-9]+', '_', entry['id'].lower()).strip('_')
        assert (ident in converted) != (entry['id'] in reasons), ('neither converted nor counted', entry['id'])
    patterns = Counter(p.lstrip('^') for r in rows for p in r[7].split('|'))
    assert not [p for p, n in patterns.items() if n > 1], 'duplicate patterns'
    per_country = Counter(c for r in rows for c in r[8].split(','))
    for country in OURS:
        assert per_country[country] > 0, 'no brands for ' + country
    for file, scope in FILES.items():
        chosen = [r for r in rows if target(r) == file]
        with open(os.path.join(ROOT, 'Brands', file), 'w', encoding='utf-8') as out:
            out.write('# %s brands and operators of the OpenStreetMap name-suggestion-index (generated: do not edit)\n' % scope)
            out.write('# Source: osmlab/name-suggestion-index commit %s (BSD-3-Clause; tags from OpenStreetMap and '
                      'Wikidata, CC0), ../shared/data/nsi, converted by tools/data/nsi_brands.py; %d entries.\n' % (commit, len(chosen)))
            out.write('# Columns: id\tname\tkind\tcategory\tdomain\tflags\tcnpj_roots\tpatterns\tcountries\twikidata\n')
            for r in chosen:
                out.write('\t'.join(r) + '\n')
    merged = sum(1 for r in reasons.values() if r.startswith('the same names'))
    head = sum(1 for r in rows if 'head' in r[5].split(','))
    print('nsi_brands.py: %d entries: %d brands (%d with head patterns) + %d under an earlier entry of the same names '
          '= %d in the catalog; per country: %s' % (len(entries), len(rows), head, merged, len(rows) + merged,
                                                     ', '.join('%s %d' % (c, per_country[c]) for c in OURS)))
    for reason, count in Counter(reasons.values()).most_common():
        if not reason.startswith('the same names'):
            print('  left out, %s: %d' % (reason, count))


if __name__ == '__main__':
    main()
