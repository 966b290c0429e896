# The curated part of the trade-word lexicon (tools/data/trade_lexicon.py): head nouns and phrases that
# name a trade on their own, and the abbreviations Brazilian and US banks print, written for garden from
# real statement lines. Grades: STRONG decides alone (accepted without review), ABBREVIATION decides alone
# too (a cut that still names one trade), WEAK only suggests (the row is reviewed).
STRONG, ABBREVIATION, WEAK = '0.8', '0.75', '0.5'

CURATED = {
    'food.groceries': (STRONG, '''supermercado hipermercado minimercado mercearia hortifruti sacolao acougue
        peixaria quitanda mercadinho atacarejo supermarket grocery groceries butcher greengrocer
        padaria panificadora|conveniencia|loja de conveniencia'''),
    'food.restaurants': (STRONG, '''restaurante lanchonete pizzaria churrascaria hamburgueria sorveteria cafeteria
        pastelaria choperia acaiteria delicatessen restaurant steakhouse taqueria pizzeria trattoria bistro diner sushi
        cafe|korean bbq|fast food|food truck|ice cream'''),
    'health.pharmacy': (STRONG, 'drogaria farmacia pharmacy drugstore'),
    'health.care': (STRONG, '''clinica otorrino otorrinolaringologia odontologia odontologica dentista consultorio
        fisioterapia oftalmologia dermatologia pediatria ortopedia cardiologia ginecologia hospital clinic dentist
        orthodontics pediatrics optometry chiropractic dermatology|urgent care|pronto socorro'''),
    'transport.fuel': (STRONG, 'combustiveis|auto posto|posto de combustivel|gas station'),
    'travel.lodging': (STRONG, 'hotel pousada motel hostel resort'),
    'transport.vehicle': (STRONG, 'autopecas borracharia|auto pecas|oficina mecanica|lava jato|car wash|auto repair'),
    'home.improvement': (STRONG, '''vidracaria marmoraria serralheria madeireira ferragens|material de construcao
        |materiais de construcao|home center'''),
    'personal.care': (STRONG, 'barbearia cabeleireiro manicure barbershop|salao de beleza|nail salon'),
    'shopping.pets': (STRONG, 'petshop veterinaria veterinario|pet shop|clinica veterinaria'),
    'education': (STRONG, 'escola colegio faculdade universidade'),
    'health.fitness': (STRONG, 'crossfit pilates'),
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
]
