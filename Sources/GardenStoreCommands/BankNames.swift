import GardenCatalog
import GardenCommandKit

/// The bank a text names (an account's name, a transfer's descriptor), as a catalog bank brand id, for the
/// facts linking reads (``LinkFactsReader/bankNamed``): the catalog is loaded the first time it is asked.
final class BankNames {
    private let load: () -> Catalog?
    private var catalog: Catalog??

    init(load: @escaping () -> Catalog?) {
        self.load = load
    }

    /// The bank brand `text` names ("Conta Itaú", "TED ENVIADA ITAU UNIBANCO": `br_itau`), or nil.
    func bank(named text: String) -> String? {
        if catalog == nil { catalog = .some(load()) }
        return catalog??.engine.bankBrand(account: text)?.id
    }
}
