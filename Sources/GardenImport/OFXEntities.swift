import GardenFoundation
import GardenImportKit

/// Decodes the character entities OFX values carry, once: `&amp;lt;` becomes `&lt;`, not `<`.
///
/// Named: `amp lt gt quot apos nbsp` (SGML/XML built-ins, and `nbsp` which some banks write); numeric:
/// `&#39;`, `&#x26;`. Anything else — a bare `&` as in `AMAZON & CLOUD`, a control character such as
/// `&#0;`, a surrogate — is kept as printed. The decoding is GardenFoundation's (``TextRepair/decodingEntities(_:)``),
/// the one `resolve` applies to descriptors.
public enum OFXEntities {
    /// `text` with its entities decoded once.
    public static func decode(_ text: String) -> String {
        TextRepair.decodingEntities(text)
    }
}
