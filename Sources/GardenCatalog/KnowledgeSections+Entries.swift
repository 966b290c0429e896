extension KnowledgeSections {
    /// Every record's entry of `K`, in file order, records without patterns included (a table its resolver looks
    /// words up in, such as state codes read beside an agency); empty when the catalog was built without `K`.
    public func entries<K: PatternKnowledge>(of _: K.Type) -> [K.Entry] {
        for section in sections { if let table = section as? KnowledgeTable<K> { return table.entries } }
        return []
    }
}
