import Testing
import GardenEngine
import GardenResolvers

/// Issue 8 §1, the grades of the trade-word lexicon (`tools/data/trade_lexicon.py`): head nouns decide alone,
/// weak words add up short of deciding, hints only name a category nothing else names. Every line is fresh.
struct TradeLexiconGradeTests {
    static func resolve(_ description: String, currency: String = "BRL") -> Resolution {
        Fixture.resolve(Fixture.row(description, "-50", extra: ",\"currency\":\"\(currency)\""))
    }

    @Test func theLexiconHasThousandsOfEntriesAndOnlyCuratedOnesDecide() {
        let trade = Fixture.catalog.keywords.filter { $0.source.file == "Rules/trade_words.tsv" }
        #expect(trade.count >= 2_500)
        #expect(trade.filter(\.hint).count >= 1_500)
        // A hint is never above 0.3, and nothing generated reaches the acceptance threshold.
        #expect(trade.allSatisfy { !$0.hint || $0.confidence.perMille <= 300 })
        #expect(trade.filter { !$0.suggestion }.count < 1_000)
    }

    @Test(arguments: [
        ("FUNILARIA SAO JORGE", "BRL", "transport.vehicle"), ("LAVANDERIA BOLHA AZUL", "BRL", "services.general"),
        ("ESTACIONAMENTO CENTRAL", "BRL", "transport.parking_tolls"), ("SAPATARIA DO FUTURO", "BRL", "shopping.clothing"),
        ("PETISCARIA DO PORTO", "BRL", "food.restaurants"), ("PERFUMARIA SOL NASCENTE", "BRL", "personal.care"),
        ("KOKORO RAMEN SF", "USD", "food.restaurants"), ("SUNRISE YOGA STUDIO", "USD", "health.fitness"),
        ("RIVERSIDE TUITION PMT", "USD", "education"), ("ALPINE TIRES 0042", "USD", "transport.vehicle"),
        ("OAK STREET PARKING", "USD", "transport.parking_tolls"), ("MIDTOWN HAIR SALON", "USD", "personal.care"),
    ])
    func aCuratedHeadNounDecidesAlone(description: String, currency: String, category: String) {
        let r = Self.resolve(description, currency: currency)
        #expect(r.category == category, "\(description) → \(r.category)")
        #expect(!r.review, "\(description): \(r.reviewReasons)")
        #expect(r.merchant.kind == .local)
    }

    /// The keyword resolver's own proposal for the row (what the lexicon says, whoever decides the row).
    static func keyword(_ r: Resolution) -> Proposal? {
        r.trace.first { $0.resolver == "keyword" }?.proposal
    }

    /// A hint names the category of a row nothing else names, and stays a flagged suggestion; the trade-name model,
    /// which reads a name with weak words only, may decide the row when it reads the name with confidence.
    @Test(arguments: [
        ("ARMARINHO DONA ANA", "BRL", "shopping.general"), ("TELHAS SANTA RITA", "BRL", "home.improvement"),
        ("BRINQUEDOS ALEGRIA", "BRL", "shopping.general"), ("PRIME FLOORING DEPOT", "USD", "home.improvement"),
        ("GOLDEN LODGING LLC", "USD", "travel.lodging"),
    ])
    func aHintOnlySuggests(description: String, currency: String, category: String) {
        let r = Self.resolve(description, currency: currency)
        #expect(r.category == category, "\(description) → \(r.category)")
        #expect(Self.keyword(r)?.category == category)
        #expect((Self.keyword(r)?.confidence.perMille ?? 1000) <= 300)
        #expect(r.review || r.categorySourceName == "trade_name", "\(description): \(r.reviewReasons)")
    }

    /// A hint never makes a name a business nor blocks reading a lone word in a transfer as a person.
    @Test(arguments: [
        ("PIX TRANSF TELHAS", "BRL"), ("PIX ENVIADO JOAO ARMARINHO SILVA", "BRL"), ("PIX ENVIADO ANA BRINQUEDOS LIMA", "BRL"),
        ("ZELLE PAYMENT TO MARY TAILOR", "USD"), ("ZELLE PAYMENT TO LOCKSMITH", "USD"),
    ])
    func aHintIsNoBusiness(description: String, currency: String) {
        let r = Self.resolve(description, currency: currency)
        #expect(r.category == "transfer.person", "\(description) → \(r.category)")
        #expect(r.merchant.kind == .person)
    }

    /// Weak words that agree add evidence short of deciding on a card line (the trade-name model may still decide the
    /// name); in a payee's registered name (a Pix with a CNPJ root) they decide.
    @Test(arguments: [
        ("GRANEL ALIMENTOS", "food.groceries"), ("EMPORIO ALIMENTOS NATURAIS", "food.groceries"),
        ("CONFECCOES MODAS BELLA", "shopping.clothing"), ("LATICINIOS E ALIMENTOS SERRA", "food.groceries"),
        ("MODAS E CONFECCOES LIMA", "shopping.clothing"),
    ])
    func weakWordsAddUpShortOfDeciding(description: String, category: String) {
        let card = Self.resolve(description)
        #expect(card.category == category, "\(description) → \(card.category)")
        #expect(Self.keyword(card)?.confidence.perMille == 550)
        #expect(card.review || card.categorySourceName == "trade_name", "\(description): \(card.reviewReasons)")
        let payee = Self.resolve("PIX ENVIADO 12345678 " + description)
        #expect(payee.category == category)
        #expect(!payee.review)
    }
}
