extension DataDirectory {
    /// What decides how this garden keys merchants: its executable and its data files (their names, sizes,
    /// inodes and times, as the compiled catalog's cache key reads them; the user's rules, which key no
    /// merchant). A store remembers the stamp of the garden that last checked its merchant memory; another
    /// stamp (a new garden, new data) has the memory's keys derived again (`Store.rekeyMemory`).
    public var identityStamp: String { CatalogKey.of(data: self) }
}
