#!/usr/bin/env python3
# garden (each binary given) on 20,000 names of the name corpora's test split (tools/tradenames/corpora.py: names neither
# the trade-name model nor tools/orgs/corpus_trade_words.py counted or calibrated on), each read as a card line: category
# right, share not flagged, right when not flagged, for US and BR names. Usage:
#   GARDEN_SHARED_DATA=/work/shared/data python3 tools/orgs/heldout_names.py OLD_BINARY NEW_BINARY
import os, sys, json, subprocess, random
HERE = os.path.dirname(os.path.abspath(__file__)); sys.path.insert(0, os.path.join(HERE, '..', 'tradenames')); sys.path.insert(0, HERE)
os.environ.setdefault('GARDEN_SHARED_DATA', '/work/shared/data')
import corpora
from common import fold
rows=[]; seen=set()
for src in (corpora.wof, corpora.snap, corpora.camara, corpora.receita):
    for e in src():
        if e.split!='test' or not e.category or e.category==corpora.NONE: continue
        k=(e.country,fold(e.text))
        if k in seen: continue
        seen.add(k); rows.append(e)
random.Random(1).shuffle(rows); rows=rows[:20000]
inp=''.join(json.dumps({'description':e.text,'amount':-20,'currency':'BRL' if e.country=='BR' else 'USD'})+'\n' for e in rows)
for binary in sys.argv[1:]:
    out=subprocess.run([binary,'resolve'],input=inp,capture_output=True,text=True).stdout.splitlines()
    for country in ('US','BR'):
        n=ok=unfl=unfl_ok=0
        for e,o in zip(rows,out):
            if e.country!=country: continue
            r=json.loads(o)['resolution']; got=r['category']['id']
            n+=1; ok+=got==e.category
            if not r['review']: unfl+=1; unfl_ok+=got==e.category
        print('%s %s: %d held-out names, category %.1f %%, not flagged %.1f %%, right when not flagged %.1f %%' % (binary, country, n, 100*ok/n, 100*unfl/n, 100*unfl_ok/max(1,unfl)))
