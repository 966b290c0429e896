// The taxonomy and budgets are part of what the catalog is: a module that imports GardenCatalog sees them as
// it did before they moved to their own module (GardenTaxonomy).
@_exported import GardenTaxonomy
