#!/usr/bin/env python3
# Derives Rules/plaid.tsv (Plaid Personal Finance Category -> garden category) from
# ../shared/data/plaid_pfc/transactions-personal-finance-category-taxonomy.csv (Plaid PFC, 16 PRIMARY / 104 DETAILED)
# and the mapping written below for garden; checks that every DETAILED and PRIMARY value is mapped exactly once
# and that every category is in Rules/taxonomy.tsv.
# Usage: python3 tools/data/plaid_categories.py
import csv, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
SRC = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'data', 'plaid_pfc',
                                    'transactions-personal-finance-category-taxonomy.csv'))
TAX = os.path.join(ROOT, 'Rules', 'taxonomy.tsv')
OUT = os.path.join(ROOT, 'Rules', 'plaid.tsv')

# PRIMARY fallbacks (used when only the primary is known): a leaf that fits most of its detailed values
PRIMARY = {
    'INCOME': 'income.other', 'TRANSFER_IN': 'transfer.other', 'TRANSFER_OUT': 'transfer.other',
    'LOAN_PAYMENTS': 'transfer.other', 'BANK_FEES': 'fees.bank', 'ENTERTAINMENT': 'entertainment',
    'FOOD_AND_DRINK': 'food.restaurants', 'GENERAL_MERCHANDISE': 'shopping.general',
    'HOME_IMPROVEMENT': 'home.improvement', 'MEDICAL': 'health.care', 'PERSONAL_CARE': 'personal.care',
    'GENERAL_SERVICES': 'services.general', 'GOVERNMENT_AND_NON_PROFIT': 'taxes.government',
    'TRANSPORTATION': 'transport.vehicle', 'TRAVEL': 'travel.other', 'RENT_AND_UTILITIES': 'home.utilities',
}

DETAILED = {
    'INCOME_DIVIDENDS': 'income.interest', 'INCOME_INTEREST_EARNED': 'income.interest',
    'INCOME_RETIREMENT_PENSION': 'income.other', 'INCOME_TAX_REFUND': 'income.other',
    'INCOME_UNEMPLOYMENT': 'income.other', 'INCOME_WAGES': 'income.salary', 'INCOME_OTHER_INCOME': 'income.other',
    'TRANSFER_IN_CASH_ADVANCES_AND_LOANS': 'transfer.other', 'TRANSFER_IN_DEPOSIT': 'transfer.other',
    'TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS': 'transfer.investment', 'TRANSFER_IN_SAVINGS': 'transfer.own',
    'TRANSFER_IN_ACCOUNT_TRANSFER': 'transfer.own', 'TRANSFER_IN_OTHER_TRANSFER_IN': 'transfer.other',
    'TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS': 'transfer.investment', 'TRANSFER_OUT_SAVINGS': 'transfer.own',
    'TRANSFER_OUT_WITHDRAWAL': 'cash.withdrawal', 'TRANSFER_OUT_ACCOUNT_TRANSFER': 'transfer.own',
    'TRANSFER_OUT_OTHER_TRANSFER_OUT': 'transfer.other',
    'LOAN_PAYMENTS_CAR_PAYMENT': 'transport.vehicle', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT': 'transfer.card_payment',
    'LOAN_PAYMENTS_PERSONAL_LOAN_PAYMENT': 'transfer.other', 'LOAN_PAYMENTS_MORTGAGE_PAYMENT': 'home.rent',
    'LOAN_PAYMENTS_STUDENT_LOAN_PAYMENT': 'education', 'LOAN_PAYMENTS_OTHER_PAYMENT': 'transfer.other',
    'BANK_FEES_ATM_FEES': 'fees.bank', 'BANK_FEES_FOREIGN_TRANSACTION_FEES': 'fees.bank',
    'BANK_FEES_INSUFFICIENT_FUNDS': 'fees.bank', 'BANK_FEES_INTEREST_CHARGE': 'fees.interest',
    'BANK_FEES_OVERDRAFT_FEES': 'fees.bank', 'BANK_FEES_OTHER_BANK_FEES': 'fees.bank',
    'ENTERTAINMENT_CASINOS_AND_GAMBLING': 'entertainment', 'ENTERTAINMENT_MUSIC_AND_AUDIO': 'subscriptions.streaming',
    'ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS': 'entertainment',
    'ENTERTAINMENT_TV_AND_MOVIES': 'subscriptions.streaming', 'ENTERTAINMENT_VIDEO_GAMES': 'shopping.digital',
    'ENTERTAINMENT_OTHER_ENTERTAINMENT': 'entertainment',
    'FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR': 'food.groceries', 'FOOD_AND_DRINK_COFFEE': 'food.restaurants',
    'FOOD_AND_DRINK_FAST_FOOD': 'food.restaurants', 'FOOD_AND_DRINK_GROCERIES': 'food.groceries',
    'FOOD_AND_DRINK_RESTAURANT': 'food.restaurants', 'FOOD_AND_DRINK_VENDING_MACHINES': 'food.restaurants',
    'FOOD_AND_DRINK_OTHER_FOOD_AND_DRINK': 'food.restaurants',
    'GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS': 'shopping.general',
    'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES': 'shopping.clothing',
    'GENERAL_MERCHANDISE_CONVENIENCE_STORES': 'food.groceries',
    'GENERAL_MERCHANDISE_DEPARTMENT_STORES': 'shopping.general',
    'GENERAL_MERCHANDISE_DISCOUNT_STORES': 'shopping.general',
    'GENERAL_MERCHANDISE_ELECTRONICS': 'shopping.electronics',
    'GENERAL_MERCHANDISE_GIFTS_AND_NOVELTIES': 'shopping.general',
    'GENERAL_MERCHANDISE_OFFICE_SUPPLIES': 'shopping.general',
    'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES': 'shopping.marketplace',
    'GENERAL_MERCHANDISE_PET_SUPPLIES': 'shopping.pets',
    'GENERAL_MERCHANDISE_SPORTING_GOODS': 'shopping.general',
    'GENERAL_MERCHANDISE_SUPERSTORES': 'shopping.general',
    'GENERAL_MERCHANDISE_TOBACCO_AND_VAPE': 'shopping.general',
    'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE': 'shopping.general',
    'HOME_IMPROVEMENT_FURNITURE': 'home.improvement', 'HOME_IMPROVEMENT_HARDWARE': 'home.improvement',
    'HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE': 'home.improvement', 'HOME_IMPROVEMENT_SECURITY': 'home.improvement',
    'HOME_IMPROVEMENT_OTHER_HOME_IMPROVEMENT': 'home.improvement',
    'MEDICAL_DENTAL_CARE': 'health.care', 'MEDICAL_EYE_CARE': 'health.care', 'MEDICAL_NURSING_CARE': 'health.care',
    'MEDICAL_PHARMACIES_AND_SUPPLEMENTS': 'health.pharmacy', 'MEDICAL_PRIMARY_CARE': 'health.care',
    'MEDICAL_VETERINARY_SERVICES': 'shopping.pets', 'MEDICAL_OTHER_MEDICAL': 'health.care',
    'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS': 'health.fitness', 'PERSONAL_CARE_HAIR_AND_BEAUTY': 'personal.care',
    'PERSONAL_CARE_LAUNDRY_AND_DRY_CLEANING': 'services.general', 'PERSONAL_CARE_OTHER_PERSONAL_CARE': 'personal.care',
    'GENERAL_SERVICES_ACCOUNTING_AND_FINANCIAL_PLANNING': 'services.professional',
    'GENERAL_SERVICES_AUTOMOTIVE': 'transport.vehicle', 'GENERAL_SERVICES_CHILDCARE': 'education',
    'GENERAL_SERVICES_CONSULTING_AND_LEGAL': 'services.professional', 'GENERAL_SERVICES_EDUCATION': 'education',
    'GENERAL_SERVICES_INSURANCE': 'insurance', 'GENERAL_SERVICES_POSTAGE_AND_SHIPPING': 'services.general',
    'GENERAL_SERVICES_STORAGE': 'services.general', 'GENERAL_SERVICES_OTHER_GENERAL_SERVICES': 'services.general',
    'GOVERNMENT_AND_NON_PROFIT_DONATIONS': 'donations',
    'GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES': 'taxes.government',
    'GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT': 'taxes.government',
    'GOVERNMENT_AND_NON_PROFIT_OTHER_GOVERNMENT_AND_NON_PROFIT': 'taxes.government',
    'TRANSPORTATION_BIKES_AND_SCOOTERS': 'transport.public', 'TRANSPORTATION_GAS': 'transport.fuel',
    'TRANSPORTATION_PARKING': 'transport.parking_tolls', 'TRANSPORTATION_PUBLIC_TRANSIT': 'transport.public',
    'TRANSPORTATION_TAXIS_AND_RIDE_SHARES': 'transport.rideshare', 'TRANSPORTATION_TOLLS': 'transport.parking_tolls',
    'TRANSPORTATION_OTHER_TRANSPORTATION': 'transport.vehicle',
    'TRAVEL_FLIGHTS': 'travel.air', 'TRAVEL_LODGING': 'travel.lodging', 'TRAVEL_RENTAL_CARS': 'travel.other',
    'TRAVEL_OTHER_TRAVEL': 'travel.other',
    'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY': 'home.utilities', 'RENT_AND_UTILITIES_INTERNET_AND_CABLE': 'home.telecom',
    'RENT_AND_UTILITIES_RENT': 'home.rent', 'RENT_AND_UTILITIES_SEWAGE_AND_WASTE_MANAGEMENT': 'home.utilities',
    'RENT_AND_UTILITIES_TELEPHONE': 'home.telecom', 'RENT_AND_UTILITIES_WATER': 'home.utilities',
    'RENT_AND_UTILITIES_OTHER_UTILITIES': 'home.utilities',
}


def main():
    tax = {l.split('\t')[0] for l in open(TAX, encoding='utf-8') if l.strip() and not l.startswith('#')}
    rows = list(csv.DictReader(open(SRC, encoding='utf-8', newline='')))
    prim = []
    for r in rows:
        if r['PRIMARY'] not in prim:
            prim.append(r['PRIMARY'])
    det = [r['DETAILED'] for r in rows]
    errors = []
    if len(det) != 104 or len(set(det)) != 104 or len(prim) != 16:
        errors.append('unexpected source counts %d/%d' % (len(det), len(prim)))
    if set(det) != set(DETAILED):
        errors.append('detailed mismatch: missing %s extra %s' % (set(det) - set(DETAILED), set(DETAILED) - set(det)))
    if set(prim) != set(PRIMARY):
        errors.append('primary mismatch %s' % (set(prim) ^ set(PRIMARY)))
    for k, v in list(PRIMARY.items()) + list(DETAILED.items()):
        if v not in tax:
            errors.append('unknown category %s for %s' % (v, k))
    if errors:
        print('\n'.join(errors)); sys.exit(1)
    with open(OUT, 'w', encoding='utf-8', newline='') as f:
        f.write('# Plaid Personal Finance Category (PFC) -> garden category; 16 PRIMARY values (fallback) then 104 DETAILED.\n')
        f.write('# Source: Plaid PFC taxonomy (../shared/data/plaid_pfc/transactions-personal-finance-category-taxonomy.csv),\n')
        f.write('# mapping written for garden (tools/data/plaid_categories.py); categories from Rules/taxonomy.tsv.\n')
        f.write('# Columns (tab-separated): code\tcategory\n')
        for p in prim:
            f.write('%s\t%s\n' % (p, PRIMARY[p]))
        for d in det:
            f.write('%s\t%s\n' % (d, DETAILED[d]))
    print('wrote', OUT, len(prim) + len(det), 'rows (%d primary + %d detailed)' % (len(prim), len(det)))


if __name__ == '__main__':
    main()
