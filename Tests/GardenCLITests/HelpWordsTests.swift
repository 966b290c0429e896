import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenCatalog

/// Each command's own `--help` in the run's language (issue 36: "`LANG=pt_BR.UTF-8` … one language on every command",
/// the help too): every command's description and every option it declares have their Portuguese text, so a new
/// option cannot leave a Portuguese help half English.
struct HelpWordsTests {
    @Test func everyCommandSaysWhatItDoesInPortuguese() {
        for command in GardenCommandLine.commands {
            #expect(HelpWords.hasPortuguese(about: command.name), "garden \(command.name): no Portuguese description in HelpWords.abouts")
        }
    }

    @Test func everyDeclaredOptionHasItsPortugueseHelp() {
        for command in GardenCommandLine.commands {
            for option in command.declaredOptions {
                #expect(HelpWords.hasPortuguese(option: option.help), "garden \(command.name) \(option.name): \"\(option.help)\" has no Portuguese in HelpWords.options")
            }
        }
    }

    @Test func aPortugueseHelpIsPortugueseAndAnEnglishOneAsWritten() {
        let review = ReviewCommand.help(.portuguese)
        #expect(review.hasPrefix("uso: garden review [accept"), "\(review.prefix(60))")
        #expect(review.contains("\nopções:\n"))
        #expect(review.contains("Lista as linhas a revisar"))
        #expect(review.contains("--month AAAA-MM"), "placeholders said as the Portuguese messages say them")
        #expect(ReviewCommand.help(.english) == ReviewCommand.help)
        #expect(ReviewCommand.help.hasPrefix("usage: garden review"))
        // The kinds a links help lists are built from the link kinds, in both languages.
        #expect(LinksCommand.help(.portuguese).contains("tipos: transfer"), "\(LinksCommand.help(.portuguese))")
    }
}
