#!/usr/bin/env python3
# Derives CNAE/categories.tsv (longest-prefix map CNAE numeric prefix -> garden category) from the mapping
# table written below (hand-made for garden) and checks it against CNAE/cnae_2_3.tsv (itself derived from
# ../shared/data/cnae/cnae_2_3_estrutura.csv, IBGE/CONCLA CNAE 2.3) and Rules/taxonomy.tsv:
#   every prefix is a real CNAE code, every category is a garden taxonomy id, every one of the 1,331
#   subclasses resolves through its longest matching prefix (at worst its section letter).
# Usage: python3 tools/data/cnae_categories.py   (run from anywhere; paths are relative to this file)
import os, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
TREE = os.path.join(ROOT, 'CNAE', 'cnae_2_3.tsv')
TAX = os.path.join(ROOT, 'Rules', 'taxonomy.tsv')
OUT = os.path.join(ROOT, 'CNAE', 'categories.tsv')

# kind: chain = large or multi-unit company/brand; online = internet-first; local = small single-site business;
#       government = public body; "-" = rarely a consumer merchant / varies.
# (prefix, category, kind, note)
MAP = [
    # A — agropecuária
    ('A', 'shopping.general', '-', 'agropecuária; raramente comerciante de consumo'),
    ('01', 'food.groceries', 'local', 'produtor rural (hortifrúti, ovos, carne) / farm produce'),
    ('0159802', 'shopping.pets', 'local', 'criação de animais de estimação / pet breeders'),
    ('016', 'services.general', 'local', 'serviços de apoio agropecuário'),
    ('03', 'food.groceries', 'local', 'pesca e aquicultura / fish producers'),
    # B — extrativas
    ('B', 'shopping.general', '-', 'indústria extrativa; raramente consumidor'),
    # C — transformação
    ('C', 'shopping.general', '-', 'indústria (venda direta de fábrica) / manufacturing'),
    ('10', 'food.groceries', 'local', 'fábrica de alimentos, venda direta / food producers'),
    ('1053800', 'food.restaurants', 'local', 'sorveterias com fabricação própria / ice-cream parlours'),
    ('1066000', 'shopping.pets', '-', 'ração animal / pet food'),
    ('1091102', 'food.groceries', 'local', 'padaria com produção própria (pão do dia a dia) / bakery'),
    ('1096100', 'food.restaurants', 'local', 'pratos prontos e marmitas / ready meals'),
    ('11', 'food.groceries', '-', 'bebidas / beverages'),
    ('14', 'shopping.clothing', 'local', 'confecção de roupas / clothing makers'),
    ('15', 'shopping.clothing', '-', 'couro, calçados, artigos de viagem / leather and shoes'),
    ('18', 'services.general', 'local', 'gráficas e impressão / printing'),
    ('2063100', 'personal.care', 'chain', 'cosméticos e perfumaria (venda direta) / cosmetics'),
    ('21', 'health.pharmacy', '-', 'farmacêutica / pharmaceuticals'),
    ('2122000', 'shopping.pets', '-', 'medicamentos veterinários / veterinary drugs'),
    ('26', 'shopping.electronics', '-', 'informática e eletrônicos / electronics makers'),
    ('29', 'transport.vehicle', '-', 'veículos e autopeças / vehicles'),
    ('31', 'home.improvement', 'local', 'móveis / furniture makers'),
    ('321', 'shopping.clothing', 'local', 'joias e bijuterias / jewellery'),
    ('3250', 'health.care', 'local', 'material médico-odontológico e óptico'),
    ('3250706', 'health.care', 'local', 'prótese dentária / dental prosthesis'),
    ('3250707', 'health.care', 'local', 'artigos ópticos / optical goods'),
    ('3250709', 'health.care', 'local', 'laboratório óptico / optical lab'),
    ('33', 'services.general', 'local', 'manutenção e instalação de máquinas / repairs'),
    ('3329501', 'home.improvement', 'local', 'montagem de móveis / furniture assembly'),
    # D — eletricidade e gás
    ('D', 'home.utilities', 'chain', 'energia elétrica e gás / electricity and gas'),
    # E — água, esgoto, resíduos
    ('E', 'home.utilities', 'chain', 'água, esgoto e coleta de lixo / water, sewage, waste'),
    ('383', 'services.general', 'local', 'reciclagem e sucata / recycling'),
    ('39', 'services.general', 'local', 'descontaminação / remediation'),
    # F — construção
    ('F', 'home.improvement', 'local', 'obras e reformas / construction'),
    ('411', 'home.rent', 'chain', 'incorporadora: parcelas de imóvel / property developers'),
    # G — comércio
    ('G', 'shopping.general', 'local', 'comércio / trade'),
    ('45', 'transport.vehicle', 'local', 'veículos, peças e oficinas / vehicles, parts, repair'),
    ('4520', 'transport.vehicle', 'local', 'oficinas, funilaria, lava-rápido / car repair and wash'),
    ('46', 'shopping.general', '-', 'comércio atacadista / wholesale'),
    ('463', 'food.groceries', 'chain', 'atacado de alimentos e bebidas (atacarejo) / food wholesale'),
    ('46362', 'shopping.general', '-', 'atacado de fumo / tobacco wholesale'),
    ('4644', 'health.pharmacy', '-', 'atacado farmacêutico / pharma wholesale'),
    ('4646', 'personal.care', '-', 'atacado de cosméticos / cosmetics wholesale'),
    ('465', 'shopping.electronics', '-', 'atacado de informática e telefonia / IT wholesale'),
    ('467', 'home.improvement', '-', 'atacado de material de construção / building-materials wholesale'),
    ('4681', 'transport.fuel', '-', 'distribuidora de combustíveis / fuel wholesale'),
    ('4682', 'home.utilities', 'local', 'revenda de gás GLP / LPG distributors'),
    ('4691', 'food.groceries', 'chain', 'atacarejo com predominância de alimentos / cash-and-carry'),
    ('47', 'shopping.general', 'local', 'comércio varejista / retail'),
    ('4711', 'food.groceries', 'chain', 'hipermercados e supermercados / supermarkets'),
    ('4712', 'food.groceries', 'local', 'minimercados, mercearias, armazéns / mini-markets'),
    ('4713', 'shopping.general', 'chain', 'lojas de variedades e departamentos / general stores'),
    ('4713002', 'shopping.general', 'chain', 'lojas de variedades (ex. 1,99, Americanas) / variety stores'),
    ('4713004', 'shopping.general', 'chain', 'lojas de departamentos ou magazines (físicas; e-commerce idem) / department stores'),
    ('4713005', 'shopping.general', 'chain', 'free shop de aeroporto e fronteira / duty free'),
    ('472', 'food.groceries', 'local', 'alimentos e bebidas / food retail'),
    ('4721', 'food.groceries', 'local', 'padaria, laticínios, doces / bakery, dairy, sweets'),
    ('4721102', 'food.groceries', 'local', 'padaria e confeitaria (revenda) / bakery'),
    ('4722', 'food.groceries', 'local', 'açougue e peixaria / butcher, fishmonger'),
    ('4723', 'food.groceries', 'local', 'adega, bebidas / liquor store'),
    ('4724', 'food.groceries', 'local', 'hortifrúti, sacolão / greengrocer'),
    ('4729', 'food.groceries', 'local', 'empório, produtos alimentícios / food stores'),
    ('4729601', 'shopping.general', 'local', 'tabacaria / tobacconist'),
    ('4729602', 'food.groceries', 'chain', 'loja de conveniência / convenience store'),
    ('4731', 'transport.fuel', 'local', 'posto de combustível / gas station'),
    ('4732', 'transport.vehicle', 'local', 'lubrificantes, troca de óleo / lubricants'),
    ('474', 'home.improvement', 'local', 'material de construção / building materials'),
    ('4744', 'home.improvement', 'local', 'ferragens, madeira, materiais de construção / hardware'),
    ('4751', 'shopping.electronics', 'chain', 'informática / computers'),
    ('4752', 'shopping.electronics', 'chain', 'celulares e telefonia / phones'),
    ('4753', 'shopping.electronics', 'chain', 'eletrodomésticos, áudio e vídeo / appliances'),
    ('4754', 'home.improvement', 'chain', 'móveis, colchões, iluminação / furniture'),
    ('4755', 'home.improvement', 'local', 'tecidos, cama, mesa e banho / home textiles'),
    ('4755502', 'shopping.general', 'local', 'armarinho / haberdashery'),
    ('4756', 'shopping.general', 'local', 'instrumentos musicais / musical instruments'),
    ('4757', 'shopping.electronics', 'local', 'peças para eletroeletrônicos / electronics parts'),
    ('4759', 'home.improvement', 'local', 'utilidades domésticas, decoração / housewares'),
    ('476', 'shopping.general', 'local', 'livros, papelaria, brinquedos, esporte / books, toys, sport'),
    ('4771', 'health.pharmacy', 'chain', 'farmácia e drogaria / pharmacy'),
    ('4771704', 'shopping.pets', 'local', 'medicamentos veterinários / veterinary pharmacy'),
    ('4772', 'personal.care', 'chain', 'cosméticos e perfumaria / cosmetics'),
    ('4773', 'health.pharmacy', 'local', 'artigos médicos e ortopédicos / medical supplies'),
    ('4774', 'health.care', 'chain', 'óptica / optician'),
    ('4781', 'shopping.clothing', 'chain', 'roupas e acessórios / clothing'),
    ('4782', 'shopping.clothing', 'chain', 'calçados e artigos de viagem / shoes, luggage'),
    ('4783', 'shopping.clothing', 'local', 'joalheria e relojoaria / jewellery, watches'),
    ('4784', 'home.utilities', 'local', 'gás de botijão GLP / LPG (cooking gas)'),
    ('4785', 'shopping.general', 'local', 'brechó, antiguidades / second-hand'),
    ('4789', 'shopping.general', 'local', 'outros produtos / other retail'),
    ('4789004', 'shopping.pets', 'chain', 'pet shop, animais e rações / pet store'),
    ('4789008', 'shopping.electronics', 'local', 'artigos fotográficos / photo equipment'),
    ('479', 'shopping.general', 'local', 'comércio ambulante / street vendors'),
    # H — transporte
    ('H', 'services.general', '-', 'transporte e logística / transport and logistics'),
    ('49', 'transport.public', 'chain', 'transporte terrestre / land transport'),
    ('4911', 'services.general', '-', 'ferrovia de carga / rail freight'),
    ('4912', 'transport.public', 'government', 'trem e metrô / rail and metro'),
    ('4921', 'transport.public', 'chain', 'ônibus municipal e metropolitano / city buses'),
    ('4922', 'transport.public', 'chain', 'ônibus intermunicipal e interestadual / coaches'),
    ('4923', 'transport.rideshare', 'local', 'táxi e carro com motorista / taxi'),
    ('4924', 'transport.public', 'local', 'transporte escolar / school van'),
    ('4929', 'transport.public', 'local', 'fretamento e outros transportes de passageiros / charter'),
    ('4929903', 'travel.other', 'local', 'excursões rodoviárias / coach excursions'),
    ('4929904', 'travel.other', 'local', 'excursões rodoviárias / coach excursions'),
    ('493', 'services.general', 'local', 'frete e mudanças / freight, removals'),
    ('4940', 'services.general', '-', 'dutos / pipelines'),
    ('4950', 'entertainment', 'local', 'trens turísticos, teleféricos / tourist trains, cable cars'),
    ('50', 'services.general', '-', 'transporte aquaviário de carga / water freight'),
    ('5011402', 'travel.other', 'chain', 'cabotagem de passageiros / coastal passenger shipping'),
    ('5012202', 'travel.other', 'chain', 'cruzeiros longo curso / cruises'),
    ('5022', 'transport.public', 'local', 'barcos de linha / passenger boats'),
    ('5091', 'transport.public', 'local', 'balsas e travessias / ferries'),
    ('5099801', 'travel.other', 'local', 'passeios de barco / boat tours'),
    ('51', 'travel.air', 'chain', 'transporte aéreo / air transport'),
    ('512', 'services.general', '-', 'carga aérea / air cargo'),
    ('513', 'services.general', '-', 'transporte espacial / space'),
    ('52', 'services.general', '-', 'armazenagem e apoio aos transportes / logistics'),
    ('5221', 'transport.parking_tolls', 'chain', 'concessionárias de rodovias, pedágio / toll roads'),
    ('5222', 'transport.public', 'local', 'terminais rodoviários e ferroviários / bus terminals'),
    ('5223', 'transport.parking_tolls', 'local', 'estacionamento / parking'),
    ('5229001', 'transport.rideshare', 'local', 'centrais de táxi / taxi dispatch'),
    ('5229002', 'transport.vehicle', 'local', 'guincho / towing'),
    ('5229099', 'transport.parking_tolls', 'chain', 'apoio ao transporte terrestre (tags de pedágio, pátios) / toll tags'),
    ('524', 'travel.other', 'chain', 'aeroportos e serviços aeroportuários / airports'),
    ('53', 'services.general', 'chain', 'correios, malote e entregas / post, couriers'),
    # I — alojamento e alimentação
    ('I', 'food.restaurants', 'local', 'alojamento e alimentação'),
    ('55', 'travel.lodging', 'local', 'hotéis, pousadas, hostels / lodging'),
    ('56', 'food.restaurants', 'local', 'restaurantes, bares, lanchonetes / restaurants'),
    ('5611', 'food.restaurants', 'local', 'restaurantes, lanchonetes, bares / restaurants and bars'),
    ('5612', 'food.restaurants', 'local', 'food truck, ambulantes de comida / street food'),
    ('5620', 'food.restaurants', 'local', 'bufê, catering, cantinas / catering'),
    ('5620104', 'food.delivery', 'local', 'comida preparada para consumo domiciliar / meals for home'),
    # J — informação e comunicação
    ('J', 'services.general', '-', 'informação e comunicação'),
    ('58', 'shopping.general', 'chain', 'editoras: livros, jornais, revistas / publishers'),
    ('59', 'subscriptions.streaming', 'online', 'audiovisual e streaming / film, video, streaming'),
    ('5914', 'entertainment', 'chain', 'cinemas / movie theatres'),
    ('592', 'entertainment', '-', 'gravação de som e edição de música / music recording'),
    ('60', 'subscriptions.streaming', 'chain', 'TV e streaming de emissoras (ex. Globoplay) / broadcasters'),
    ('601', 'entertainment', '-', 'rádio / radio'),
    ('61', 'home.telecom', 'chain', 'telecomunicações: telefone, internet, TV por assinatura / telecom'),
    ('62', 'subscriptions.software', 'online', 'software e serviços de TI / software'),
    ('6201', 'services.professional', 'local', 'desenvolvimento sob encomenda, web design / custom dev'),
    ('6204', 'services.professional', 'local', 'consultoria em TI / IT consulting'),
    ('631', 'subscriptions.software', 'online', 'SaaS, hospedagem, portais e apps / SaaS, hosting, portals'),
    ('639', 'services.general', '-', 'agências de notícias e outros serviços de informação / news'),
    # K — financeiras
    ('K', 'fees.bank', 'chain', 'atividades financeiras / finance'),
    ('64', 'fees.bank', 'chain', 'bancos e financeiras / banks'),
    ('645', 'transfer.investment', 'chain', 'títulos de capitalização / premium bonds'),
    ('647', 'transfer.investment', 'chain', 'fundos de investimento / investment funds'),
    ('6493', 'transfer.investment', 'chain', 'consórcios / consortium savings plans'),
    ('6499901', 'transfer.investment', '-', 'clubes de investimento / investment clubs'),
    ('65', 'insurance', 'chain', 'seguros / insurance'),
    ('652', 'health.plan', 'chain', 'seguro-saúde / health insurance'),
    ('654', 'transfer.investment', 'chain', 'previdência complementar (PGBL/VGBL) / pension plans'),
    ('655', 'health.plan', 'chain', 'planos de saúde / health plans'),
    ('66', 'fees.bank', 'chain', 'serviços auxiliares financeiros / financial services'),
    ('6611', 'transfer.investment', 'chain', 'bolsas de valores / exchanges'),
    ('6612', 'transfer.investment', 'chain', 'corretoras e distribuidoras / brokers'),
    ('6613', 'transfer.card_payment', 'chain', 'administradoras de cartão: pagamento de fatura / card issuers'),
    ('6619304', 'cash.withdrawal', 'chain', 'caixas eletrônicos (Banco24Horas) / ATMs'),
    ('662', 'insurance', 'chain', 'corretoras e agentes de seguros / insurance brokers'),
    ('663', 'transfer.investment', 'chain', 'gestão de fundos / asset managers'),
    # L — imobiliárias
    ('L', 'home.rent', 'local', 'aluguel, imobiliária, administradora / real estate'),
    # M — profissionais, científicas e técnicas
    ('M', 'services.professional', 'local', 'serviços profissionais / professional services'),
    ('6912', 'taxes.government', 'local', 'cartórios: emolumentos / notary fees'),
    ('7490104', 'services.general', 'online', 'intermediação de serviços (plataformas) — preferir regra de marca'),
    ('75', 'shopping.pets', 'local', 'veterinário / vet'),
    # N — administrativas e complementares
    ('N', 'services.general', 'local', 'serviços administrativos e complementares'),
    ('7711', 'travel.other', 'chain', 'locadora de automóveis / car rental'),
    ('7719', 'travel.other', '-', 'locação de embarcações e aeronaves / boat, aircraft rental'),
    ('7721', 'entertainment', 'local', 'aluguel de equipamentos recreativos e esportivos'),
    ('7722', 'entertainment', 'local', 'locadora de vídeo / video rental'),
    ('7723', 'shopping.clothing', 'local', 'aluguel de roupas e joias / clothing rental'),
    ('7729201', 'entertainment', 'local', 'aluguel de videogames / game rental'),
    ('7729203', 'health.care', 'local', 'aluguel de material médico / medical equipment rental'),
    ('78', 'services.professional', '-', 'agências de emprego / staffing'),
    ('79', 'travel.other', 'chain', 'agências de viagem, operadoras, reservas / travel agencies'),
    ('8112', 'home.rent', 'local', 'condomínio / building condominium fee'),
    ('813', 'home.improvement', 'local', 'paisagismo e jardinagem / landscaping'),
    ('823', 'entertainment', 'local', 'feiras, congressos, casas de festas / events'),
    ('8291', 'services.general', '-', 'cobrança e informações cadastrais / collections'),
    ('8299701', 'home.utilities', 'chain', 'medição de energia, gás e água / metering'),
    ('8299706', 'entertainment', 'local', 'casa lotérica: apostas (contas pagas vêm como boleto) / lottery'),
    ('8299707', 'entertainment', 'local', 'lan house / internet café'),
    # O — administração pública
    ('O', 'taxes.government', 'government', 'órgãos públicos: impostos, taxas, multas / government'),
    # P — educação
    ('P', 'education', 'local', 'escolas, faculdades, cursos / education'),
    ('8591', 'health.fitness', 'local', 'ensino de esportes (natação, lutas) / sports lessons'),
    # Q — saúde e serviços sociais
    ('Q', 'health.care', 'local', 'saúde / health care'),
    ('88', 'donations', '-', 'assistência social / social assistance'),
    ('8730', 'donations', '-', 'orfanatos e albergues assistenciais / shelters'),
    # R — artes, cultura, esporte e lazer
    ('R', 'entertainment', 'local', 'cultura, esporte e lazer / arts and leisure'),
    ('9311', 'health.fitness', 'local', 'quadras e instalações esportivas / sports facilities'),
    ('9313', 'health.fitness', 'chain', 'academias / gyms'),
    # S — outros serviços
    ('S', 'services.general', 'local', 'outros serviços / other services'),
    ('94', 'donations', '-', 'associações e entidades / associations'),
    ('9411', 'services.professional', '-', 'associações patronais e empresariais / trade associations'),
    ('9412', 'services.professional', '-', 'associações profissionais / professional bodies'),
    ('9412001', 'taxes.government', 'government', 'conselhos de fiscalização profissional (CRM, CREA): anuidade'),
    ('942', 'services.general', '-', 'sindicatos / trade unions'),
    ('9491', 'donations', 'local', 'igrejas e organizações religiosas / religious'),
    ('9492', 'donations', '-', 'partidos políticos / political'),
    ('95', 'services.general', 'local', 'conserto de eletrônicos e objetos / repairs'),
    ('9601', 'services.general', 'local', 'lavanderia / laundry'),
    ('9602', 'personal.care', 'local', 'cabeleireiro, manicure, estética / hair and beauty'),
    ('9603', 'services.general', 'local', 'funerária e cemitério / funeral'),
    ('9609205', 'personal.care', 'local', 'sauna e banhos / sauna'),
    ('9609206', 'personal.care', 'local', 'tatuagem e piercing / tattoo'),
    ('9609207', 'shopping.pets', 'local', 'hotel para animais / pet boarding'),
    ('9609208', 'shopping.pets', 'local', 'banho e tosa / pet grooming'),
    # T — serviços domésticos
    ('T', 'services.general', 'local', 'serviços domésticos / domestic services'),
    # U — organismos internacionais
    ('U', 'taxes.government', 'government', 'organismos internacionais, consulados (taxas de visto)'),
]


def load_tree():
    rows = []
    for line in open(TREE, encoding='utf-8'):
        if line.startswith('#') or not line.strip():
            continue
        rows.append(line.rstrip('\n').split('\t'))
    return rows


def load_taxonomy():
    ids = set()
    for line in open(TAX, encoding='utf-8'):
        if line.startswith('#') or not line.strip():
            continue
        ids.add(line.split('\t')[0])
    return ids


def resolve(m, sub, section):
    for n in (7, 5, 3, 2):
        if sub[:n] in m:
            return sub[:n]
    return section if section in m else None


def main():
    tree = load_tree()
    codes = {r[0]: r for r in tree}
    # 4-digit class stems in MAP are written for readability; expand them to the 5-digit class code (with check digit)
    stems = {c[:4]: c for c in codes if len(c) == 5 and codes[c][1] == 'classe'}
    MAP[:] = [(stems.get(p, p) if len(p) == 4 else p, c, k, n) for p, c, k, n in MAP]
    tax = load_taxonomy()
    errors = []
    seen = set()
    for p, cat, kind, note in MAP:
        if p in seen:
            errors.append('duplicate prefix %s' % p)
        seen.add(p)
        if cat not in tax:
            errors.append('unknown category %s (%s)' % (cat, p))
        if kind not in ('chain', 'online', 'local', 'government', '-'):
            errors.append('bad kind %s (%s)' % (kind, p))
        # a prefix must be a real CNAE code, or a 4-digit class stem (class code without its check digit)
        if p not in codes:
            errors.append('prefix %s is not a CNAE code' % p)
    m = {p: (c, k, n) for p, c, k, n in MAP}
    sections = {r[0] for r in tree if r[1] == 'secao'}
    missing_sections = sections - set(m)
    if missing_sections:
        errors.append('sections without a row: %s' % sorted(missing_sections))
    # section of each subclass: walk parents
    parent = {r[0]: r[3] for r in tree}
    def section_of(code):
        while parent[code] != '-':
            code = parent[code]
        return code
    subs = [r[0] for r in tree if r[1] == 'subclasse']
    used = Counter()
    unresolved = []
    by_cat = Counter()
    for s in subs:
        p = resolve(m, s, section_of(s))
        if p is None:
            unresolved.append(s)
        else:
            used[p] += 1
            by_cat[m[p][0]] += 1
    if unresolved:
        errors.append('unresolved subclasses: %s' % unresolved[:10])
    unused = [p for p, *_ in MAP if used[p] == 0]
    if errors:
        print('\n'.join(errors))
        sys.exit(1)
    with open(OUT, 'w', encoding='utf-8', newline='') as f:
        f.write('# CNAE -> garden category, longest-prefix match on the numeric CNAE code.\n')
        f.write('# Source: IBGE CNAE 2.3 (../shared/data/cnae/cnae_2_3_estrutura.csv, CONCLA; tree in CNAE/cnae_2_3.tsv), '
                'mapping written for garden (tools/data/cnae_categories.py); categories from Rules/taxonomy.tsv.\n')
        f.write('# Match a 7-digit subclass (e.g. 4711302) against prefixes of length 7 (subclass), 5 (class incl. check digit),\n')
        f.write('# 3 (group), 2 (division), then the section letter; the longest hit wins. All 1,331 subclasses resolve.\n')
        f.write('# kind: chain = large/multi-unit company or brand; online = internet-first; local = small single-site business;\n')
        f.write('#       government = public body; "-" = rarely a consumer merchant / varies.\n')
        f.write('# Columns (tab-separated): prefix\tcategory\tkind\tnote\n')
        for p, cat, kind, note in MAP:
            f.write('\t'.join((p, cat, kind, note)) + '\n')
    print('wrote', OUT, len(MAP), 'rows;', len(subs), 'subclasses all resolve')
    print('prefixes that resolve no subclass (kept as documentation):', unused)
    print('subclasses per category:', dict(by_cat.most_common()))


if __name__ == '__main__':
    main()
