import Testing
@testable import GardenFoundation

/// One scanner for every personal number (issue 20): CPFs with any separator, card numbers (13–19 digits,
/// an issuer's range, Luhn) and the account numbers a bank line names; nothing else is touched.
struct PersonalNumberScannerTests {
    @Test(arguments: [
        ("PIX ENVIADO 529*982*247*25 JOAO", "PIX ENVIADO •••.982.247-•• JOAO"),
        ("CPF 529_982_247_25", "CPF •••.982.247-••"),
        ("doc 529|982|247|25.", "doc •••.982.247-••."),
        ("529.982.247-25", "•••.982.247-••"),
        ("COMPRA 4111 1111 1111 1111 LOJA", "COMPRA •••• •••• •••• 1111 LOJA"),
        ("PAGTO 4111111111111111 LOJA", "PAGTO ••••••••••••1111 LOJA"),
        ("cartao 5555-5555-5555-4444", "cartao ••••-••••-••••-4444"),
        ("AMEX 3782 822463 10005 X", "AMEX •••• •••••• •0005 X"),
        ("4111 1111 1111 1111 2026", "•••• •••• •••• 1111 2026"),
        ("PIX JOAO AG 1234 CC 56789-0", "PIX JOAO AG 1234 CC ••••9-0"),
        ("TED C/C: 123.456-X MARIA", "TED C/C: •••.••6-X MARIA"),
        ("conta corrente 0012345-6", "conta corrente ••••••5-6"),
        ("ACCT #12345678 ONLINE", "ACCT #••••••78 ONLINE"),
        // The survey reads a word packed into an integer (issue 38): eight letters, the longest account word, and a
        // word ending in `/`.
        ("POUPANCA 0012345-6", "POUPANCA ••••••5-6"),
        ("cc/ 56789-0", "cc/ ••••9-0"),
    ])
    func masks(_ text: String, _ masked: String) {
        #expect(PersonalNumberScanner.mask(text) == masked)
    }

    @Test(arguments: [
        "PIX ENVIADO 529*982*247*26 JOAO",          // check digits of no CPF, written oddly
        "PAGTO 4111111111111112 LOJA",              // fails the Luhn check
        "NSU 20240102123456789 X",                  // a date-stamped reference: no issuer starts 20
        "BOLETO 23793381286000000000300000004001843400000100", // a barcode: too long
        "CNPJ 45000007000141",                      // a valid CNPJ (that passes Luhn too) is a company, not a card
        "PAGTO CONTA TELEFONE",
        // Money whose eleven digits happen to be a CPF's (issue 33, hostile F16): a decimal mark before the last two.
        "529982247.25",
        "-529982247.25",
        "R$ 529.982.247,25",
        "USD 529,982,247.25",
        "529982247,25",
        "AG 1234 JOAO",                             // an agency alone names no one
        "CC 12",                                    // too short for an account
        "CORRENTES 56789-0",                        // nine letters that begin with an account word are not one
        "POUPANCAS 56789-0",
        "UBER *TRIP 12 ITEMS",
        "",
    ])
    func leavesAlone(_ text: String) {
        #expect(PersonalNumberScanner.mask(text) == text)
    }

    @Test func theCPFOnlyScrubberKeepsAnIdsOtherNumbers() {
        #expect(CPFScrubber.scrubCPF("ofx:acct:4111111111111111") == "ofx:acct:4111111111111111")
        #expect(CPFScrubber.scrubCPF("id 529*982*247*25") == "id •••.982.247-••")
        #expect(CPFScrubber.scrub("id 4111111111111111") == "id ••••••••••••1111")
    }

    // Issue 38: the scanner's shortcuts must say what the Unicode properties and the sets they replace say.

    @Test func noDecimalDigitWhereTheScannerSkipsTheLookup() {
        var skipped = 0
        for value in UInt32(0x80)...0x2FFF {
            guard let scalar = Unicode.Scalar(value), !CPFScrubber.mayBeDecimalDigit(value) else { continue }
            skipped += 1
            #expect(scalar.properties.numericType != .decimal, "U+\(String(value, radix: 16)) is a decimal digit")
        }
        #expect(skipped == (0x660 - 0x80) + (0x2C00 - 0x2000))
        // And the digits it must still see: Arabic-Indic, Devanagari, full-width.
        for digit: Unicode.Scalar in ["\u{660}", "\u{966}", "\u{FF15}"] {
            #expect(CPFScrubber.mayBeDecimalDigit(digit.value) && CPFScrubber.isDigit(digit))
        }
    }

    @Test func theAccountSeparatorSwitchIsTheSet() {
        for value in UInt32(0)...0x2FFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(PersonalNumberScanner.isAccountSeparator(scalar) == PersonalNumberScanner.accountSeparators.contains(scalar))
        }
    }

    @Test(arguments: [
        // Digit runs the card scan now rejects before reading groups (a first digit of no issuer, fewer than 13
        // digits), beside ones it must still read: full-width digits, and a first digit of an issuer after a short group.
        ("PIX 1111 1111 1111 1111", "PIX 1111 1111 1111 1111"),
        ("REF 7111-1111-1111-1111", "REF 7111-1111-1111-1111"),
        ("CARTAO 4111 1111 1111", "CARTAO 4111 1111 1111"),
        ("CARTAO ４１１１１１１１１１１１１１１１ X", "CARTAO ••••••••••••１１１１ X"),
        ("PIX •••.246.092-•• (0001) 4111111111111111", "PIX •••.246.092-•• (0001) ••••••••••••1111"),
        ("Conta: 99686414-1 CPF 529.982.247-25", "Conta: •••••••4-1 CPF •••.982.247-••"),
    ])
    func shortcutsMaskWhatTheScanMasks(_ text: String, _ masked: String) {
        #expect(PersonalNumberScanner.mask(text) == masked)
    }

    @Test(arguments: [
        ("Transferência - João - •••.246.092-•• (0001)", true),     // ten ASCII digits, accents, bullets: nothing to mask
        ("Pagamento – CONTA 12345-6", false),                        // an account word and its number, after a dash
        ("PIX ٥٢٩٫٩٨٢٫٢٤٧-٢٥", false),                               // Arabic-Indic digits: told only from the text
        ("CARTÃO ４１１１ ", false),                                    // full-width digits: the same
    ])
    func bytesAloneTellWhatTheTextTells(_ text: String, _ nothing: Bool) {
        var copy = text
        #expect(copy.withUTF8 { PersonalNumberScanner.masksNothing($0) } == nothing)
        if nothing { #expect(PersonalNumberScanner.mask(text) == text) }
    }
}
