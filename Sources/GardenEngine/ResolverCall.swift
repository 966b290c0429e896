/// A resolver held by a class reference, as the ``Pipeline`` calls it for each row.
///
/// A resolver is a value (``Resolver``); read out of an `[any Resolver]`, each call copied it (with a retain and a
/// release of every view it holds, ``Resolver/taking(_:)``) before calling it. Read from an immutable stored
/// property of a class, it is called in place. Immutable after `init`, hence `Sendable`.
final class ResolverCall: Sendable {
    /// The resolver, with its views taken.
    let resolver: any Resolver

    init(_ resolver: any Resolver) { self.resolver = resolver }
}
