# The curated part of the trade-word lexicon (tools/data/trade_lexicon.py): head nouns and phrases that
# name a trade on their own, and the abbreviations Brazilian and US banks print, written for garden from
# real statement lines. Grades: STRONG decides alone (accepted without review), ABBREVIATION decides alone
# too (a cut that still names one trade), WEAK only suggests (the row is reviewed).
STRONG, ABBREVIATION, WEAK = '0.8', '0.75', '0.5'

CURATED = {
    'food.groceries': (STRONG, '''supermercado hipermercado minimercado mercearia hortifruti sacolao acougue
        peixaria quitanda mercadinho atacarejo supermarket grocery groceries butcher greengrocer
        padaria panificadora frutaria|conveniencia|loja de conveniencia|produtos naturais'''),
    'food.restaurants': (STRONG, '''restaurante lanchonete pizzaria churrascaria hamburgueria sorveteria cafeteria
        pastelaria choperia acaiteria delicatessen restaurant steakhouse taqueria pizzeria trattoria bistro diner sushi
        cafe sorvetes gelateria petiscaria creperia esfiharia temakeria sanduicheria boteco tavern brewpub gastropub
        coffee burger burgers grill ramen noodles tacos taco pho bbq barbecue cantina pub brewing brewery deli donut donuts
        bagel bagels pizza|juice bar|boba tea|bubble tea|tea house|noodle house|noodle bar|korean bbq|fast food|food truck|ice cream|coffee shop|coffee house|bar e restaurante'''),
    'health.pharmacy': (STRONG, 'drogaria farmacia pharmacy drugstore'),
    'health.care': (STRONG, '''optometrist clinica otorrino otorrinolaringologia odontologia odontologica dentista consultorio
        fisioterapia oftalmologia dermatologia pediatria ortopedia cardiologia ginecologia hospital clinic dentist
        orthodontics pediatrics optometry chiropractic dermatology dental laboratorio psicologia psicologo psicologa
        fonoaudiologia nutricionista fisioterapeuta radiologia|urgent care|eye care|pronto socorro|medical center|medical group'''),
    'transport.fuel': (STRONG, 'combustiveis|auto posto|posto de combustivel|gas station'),
    'travel.lodging': (STRONG, 'hotel pousada motel hostel resort suites'),
    'transport.vehicle': (STRONG, '''autopecas borracharia funilaria autoeletrica tires|auto pecas|oficina mecanica|lava jato
        |lava rapido|auto eletrica|car wash|auto repair|auto body|tire center'''),
    'home.improvement': (STRONG, '''vidracaria marmoraria serralheria madeireira ferragens|material de construcao
        |materiais de construcao|home center'''),
    'personal.care': (STRONG, '''barbearia cabeleireiro manicure barbershop salon perfumaria cosmeticos nails barber tattoo|day spa|barber shop
        |salao de beleza|nail salon|hair salon'''),
    'shopping.pets': (STRONG, 'petshop veterinaria veterinario veterinary|pet grooming|pet shop|clinica veterinaria|animal hospital|pet supplies'),
    'education': (STRONG, 'escola colegio faculdade universidade tuition idiomas montessori preschool daycare childcare creche|escola de idiomas'),
    'home.rent': (STRONG, 'condominio|homeowners association|property management'),
    'health.fitness': (STRONG, 'crossfit pilates academia yoga karate|fitness center|martial arts|jiu jitsu'),
    'shopping.clothing': (STRONG, 'calcados sapataria boutique|shoe store'),
    'transport.parking_tolls': (STRONG, 'estacionamento parking'),
    'entertainment': (STRONG, 'cinema cinemas boliche bowling|golf course'),
    'services.general': (STRONG, 'lavanderia laundromat cleaners laundry|dry cleaners|dry cleaning'),
    'home.utilities': (STRONG, '''utilities saneamento saae semae samae dmae|public utilities|water department|water dept
        |water district|water utility|electric cooperative|electric coop|electric membership corporation|agua e esgoto
        |aguas e esgotos'''),
    # Religious bodies (donations): the denominations and, from IBGE's census religion groups, Espírita (Spiritist
    # centres and federations, "centro espírita"); and the word that names the category itself (a donation, doação),
    # which the NSI's healthcare=blood_donation otherwise makes a health-care hint.
    'donations': (STRONG, '''igreja paroquia church baptist methodist lutheran presbyterian dizimo tithe espirita
        donation doacao
        |assembleia de deus|igreja batista|igreja universal'''),
    'insurance': (STRONG, '''seguradora|corretora de seguros|seguro de vida|seguro vida|seguro auto|seguro residencial
        |seguro viagem|seguro prestamista|life insurance|auto insurance|insurance premium|ins prem'''),
}

# Abbreviations banks print (decide alone unless WEAK: the short ones also mean other things).
ABBREVIATIONS = [
    ('superm', 'food.groceries', ABBREVIATION), ('supermerc', 'food.groceries', ABBREVIATION),
    ('drog', 'health.pharmacy', ABBREVIATION), ('farm', 'health.pharmacy', WEAK),
    ('rest', 'food.restaurants', WEAK), ('panif', 'food.groceries', ABBREVIATION),
    ('com de', 'shopping.general', '0.3'), ('coml', 'shopping.general', '0.3'), ('dist', 'shopping.general', '0.3'),
    ('mat constr', 'home.improvement', ABBREVIATION), ('mat de constr', 'home.improvement', ABBREVIATION),
    ('auto pecas', 'transport.vehicle', ABBREVIATION), ('clin', 'health.care', ABBREVIATION),
    ('odonto', 'health.care', ABBREVIATION), ('lanch', 'food.restaurants', ABBREVIATION),
    ('conv', 'food.groceries', WEAK), ('vidrac', 'home.improvement', ABBREVIATION),
    ('pint', 'home.improvement', WEAK), ('hortifrut', 'food.groceries', ABBREVIATION),
    ('churrasc', 'food.restaurants', ABBREVIATION), ('pizz', 'food.restaurants', ABBREVIATION),
    ('estac', 'transport.parking_tolls', ABBREVIATION), ('lanchon', 'food.restaurants', ABBREVIATION),
    ('acad', 'health.fitness', WEAK), ('calc', 'shopping.clothing', WEAK),
]

# Weak words written for garden: they add evidence, reviewed (a grocery's registered name: GRANEL ALIMENTOS).
WEAK_WORDS = [
    ('granel', 'food.groceries'), ('alimentos', 'food.groceries'), ('emporio', 'food.groceries'),
    ('laticinios', 'food.groceries'), ('organicos', 'food.groceries'),
    ('mecanica', 'transport.vehicle'), ('modas', 'shopping.clothing'), ('confeccoes', 'shopping.clothing'),
    # EMC, Electric Membership Corporation: the name form of the southern US states' electric cooperatives (the NSI's
    # power operators Four County EMC, Jones-Onslow EMC, Joe Wheeler EMC, Lumbee River EMC); also other firms' initials.
    ('emc', 'home.utilities'),
    ('estetica', 'personal.care'), ('hoa', 'home.rent'), ('atacado', 'food.groceries'), ('atacadista', 'food.groceries'), ('eletronicos', 'shopping.electronics'), ('celulares', 'shopping.electronics'),
]
