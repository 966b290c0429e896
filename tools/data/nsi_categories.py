# The OSM feature (key=value) of every name-suggestion-index entry in ../shared/data/nsi -> garden category,
# written for garden from the OSM wiki's meaning of each tag: the category of a payment to the brand or
# operator of such a feature (a bank's own line, a park pass, a police or fire department's fee or fine,
# a data centre's bill). Every feature is mapped; the only entries kept out by their feature are the flags
# (tree `flags`, man_made=flagpole: a nation's or body's flag names no payee), listed in NOT_A_PAYEE.
# A vending machine's trade is its `vending` tag (VENDING). nsi_brands.py fails on any key=value of the
# source missing here, so a new NSI release is mapped by hand.

SKIP = None

_BY_CATEGORY = {
    'food.groceries': '''shop=supermarket shop=convenience shop=wholesale shop=alcohol shop=beverages shop=butcher
        shop=coffee shop=confectionery shop=chocolate shop=dairy shop=deli shop=frozen_food shop=greengrocer
        shop=health_food shop=spices shop=tea shop=wine amenity=marketplace''',
    'food.restaurants': '''amenity=restaurant amenity=fast_food amenity=cafe amenity=bar amenity=pub amenity=ice_cream
        shop=bakery shop=pastry shop=country_store''',
    'transport.fuel': 'amenity=fuel amenity=charging_station highway=services',
    'transport.public': '''route=bus route=ferry route=light_rail route=railway route=subway route=train route=tram
        route=trolleybus amenity=ticket_validator amenity=bicycle_rental''',
    'transport.rideshare': 'amenity=car_sharing',
    'transport.parking_tolls': 'amenity=parking highway=toll_gantry amenity=bicycle_parking',
    'transport.vehicle': '''amenity=car_wash shop=car shop=car_parts shop=car_repair shop=caravan shop=motorcycle
        shop=motorcycle_repair shop=truck shop=truck_repair shop=tyres amenity=weighbridge''',
    'health.pharmacy': 'amenity=pharmacy shop=chemist shop=herbalist shop=medical_supply shop=nutrition_supplements',
    'health.care': '''amenity=clinic amenity=dentist amenity=doctors amenity=hospital emergency=ambulance_station
        healthcare=alternative healthcare=blood_donation healthcare=counselling healthcare=dialysis
        healthcare=laboratory healthcare=physiotherapist healthcare=sample_collection shop=hearing_aids shop=optician''',
    'health.fitness': 'leisure=fitness_centre leisure=fitness_station leisure=sports_centre leisure=pitch',
    'home.utilities': '''power=generator power=line power=minor_line power=plant power=pole power=substation route=power
        man_made=pipeline man_made=water_works man_made=wastewater_plant office=energy_supplier office=water_utility
        amenity=waste_disposal amenity=waste_transfer_station shop=gas amenity=drinking_water
        highway=street_lamp landuse=landfill natural=water''',
    'home.telecom': '''man_made=mast man_made=street_cabinet telecom=exchange office=telecommunication
        shop=telecommunication shop=mobile_phone internet_access=wlan amenity=telephone''',
    'home.improvement': '''shop=doityourself shop=hardware shop=paint shop=trade shop=bathroom_furnishing shop=carpet
        shop=flooring shop=garden_centre shop=groundskeeping shop=kitchen shop=lighting shop=power_tools shop=tiles
        shop=tool_hire shop=window_blind shop=swimming_pool landuse=quarry shop=electrical craft=electrician craft=glaziery
        craft=painter craft=plumber office=construction_company''',
    'shopping.general': '''shop=department_store shop=variety_store shop=mall shop=gift shop=houseware shop=furniture
        shop=bed shop=household_linen shop=interior_decoration shop=candles shop=frame shop=art shop=craft
        shop=fabric shop=baby_goods shop=toys shop=games shop=books shop=stationery shop=newsagent shop=music
        shop=musical_instrument shop=sports shop=outdoor shop=bicycle shop=boat shop=party shop=pyrotechnics
        shop=second_hand shop=charity shop=pawnbroker shop=kiosk shop=tobacco shop=e-cigarette shop=cannabis
        shop=erotic shop=agrarian craft=handicraft landuse=retail''',
    'shopping.clothing': '''shop=clothes shop=shoes shop=bag shop=fashion_accessories shop=leather shop=jewelry
        shop=watches''',
    'shopping.electronics': '''shop=electronics shop=computer shop=appliance shop=camera shop=hifi shop=printer_ink
        shop=vacuum_cleaner shop=video_games''',
    'shopping.pets': 'shop=pet amenity=veterinary amenity=animal_boarding',
    'personal.care': '''shop=beauty shop=cosmetics shop=perfumery shop=hairdresser shop=hairdresser_supply
        shop=massage''',
    'education': '''amenity=school amenity=college amenity=university amenity=kindergarten amenity=childcare
        amenity=language_school amenity=music_school amenity=driving_school amenity=prep_school amenity=training
        amenity=library amenity=public_bookcase''',
    'entertainment': '''amenity=cinema amenity=casino leisure=adult_gaming_centre leisure=amusement_arcade
        leisure=bowling_alley leisure=dance leisure=escape_game leisure=high_ropes_course leisure=indoor_play
        leisure=miniature_golf leisure=trampoline_park tourism=theme_park shop=lottery shop=ticket shop=video
        leisure=park leisure=dog_park leisure=playground leisure=nature_reserve boundary=protected_area
        boundary=national_park amenity=community_centre amenity=conference_centre''',
    'travel.lodging': 'tourism=hotel tourism=motel tourism=hostel tourism=camp_site tourism=caravan_site',
    'travel.other': '''amenity=car_rental amenity=motorcycle_rental amenity=bureau_de_change shop=travel_agency
        office=visa tourism=information''',
    'services.general': '''amenity=post_office amenity=post_depot amenity=post_box amenity=parcel_locker
        shop=copyshop shop=dry_cleaning shop=laundry shop=locksmith shop=pest_control shop=photo shop=plant_hire
        shop=rental shop=repair shop=shoe_repair shop=storage_rental shop=tailor craft=cleaning
        craft=electronics_repair craft=signmaker office=coworking office=logistics office=moving_company
        office=security amenity=recycling amenity=toilets amenity=trolley_bay amenity=waste_basket
        man_made=surveillance emergency=phone''',
    'services.professional': '''office=bail_bond_agent office=consulting office=employment_agency office=engineer
        office=estate_agent office=financial_advisor office=it office=lawyer office=tax_advisor office=company
        telecom=data_center advertising=billboard advertising=column advertising=poster_box advertising=screen
        landuse=industrial man_made=works''',
    'insurance': 'office=insurance office=insurance_adjuster',
    'fees.interest': 'shop=money_lender',
    'fees.bank': 'amenity=bank office=financial',
    'home.mortgage': 'office=mortgage',
    'home.rent': 'landuse=residential',
    'donations': '''amenity=social_facility amenity=social_centre amenity=food_sharing club=scout club=freemasonry
        office=association''',
    'transfer.other': 'amenity=money_transfer',
    'cash.withdrawal': 'amenity=atm',
    'taxes.government': '''office=government amenity=courthouse amenity=police amenity=fire_station amenity=prison
        amenity=payment_terminal emergency=siren emergency=lifeguard emergency=water_rescue landuse=military
        boundary=aboriginal_lands man_made=survey_point man_made=monitoring_station''',
}

# The features no payment goes to: a flag names a nation, a people or an organisation, not a payee.
NOT_A_PAYEE = {'man_made=flagpole': 'a flag (names a nation or body, not a payee)'}

# A vending machine's trade is what it sells (its `vending` tag, OSM wiki Key:vending); machines of other
# goods sell small shop goods (shopping.general).
VENDING = {'drinks': 'food.groceries', 'water': 'food.groceries', 'coffee': 'food.groceries', 'ice_cream': 'food.groceries',
           'ice_cubes': 'food.groceries', 'ice_cubes;water': 'food.groceries', 'parking_tickets': 'transport.parking_tolls',
           'public_transport_tickets': 'transport.public', 'gas': 'home.utilities', 'chemist': 'health.pharmacy',
           'pharmacy': 'health.pharmacy', 'condoms': 'health.pharmacy', 'lottery': 'entertainment', 'movies': 'entertainment',
           'beauty': 'personal.care', 'cosmetics': 'personal.care', 'pet': 'shopping.pets', 'excrement_bags': 'shopping.pets',
           'electronics': 'shopping.electronics', 'chargers': 'shopping.electronics', 'bottle_return': 'services.general',
           'key': 'services.general'}
VENDING_OTHER = 'shopping.general'

# Features whose operators are public bodies (kind government); every other entry is a chain.
GOVERNMENT = set('''amenity=school amenity=college amenity=university amenity=kindergarten amenity=courthouse
    office=government amenity=post_office amenity=police amenity=fire_station amenity=prison amenity=library
    amenity=payment_terminal emergency=siren emergency=lifeguard emergency=water_rescue landuse=military
    leisure=park boundary=protected_area boundary=national_park leisure=nature_reserve route=bus route=ferry route=light_rail route=railway route=subway
    route=train route=tram route=trolleybus amenity=ticket_validator'''.split())

CATEGORY = {}
for _category, _features in _BY_CATEGORY.items():
    for _feature in _features.split():
        assert _feature not in CATEGORY, _feature
        CATEGORY[_feature] = _category
CATEGORY['amenity=vending_machine'] = VENDING_OTHER
for _feature in NOT_A_PAYEE:
    assert _feature not in CATEGORY, _feature
    CATEGORY[_feature] = None


def category(entry):
    """The category of a payment to `entry`'s brand or operator (None: its feature names no payee)."""
    feature = '%s=%s' % (entry['key'], entry['value'])
    if feature == 'amenity=vending_machine':
        return VENDING.get(entry['tags'].get('vending', ''), VENDING_OTHER)
    return CATEGORY[feature]
