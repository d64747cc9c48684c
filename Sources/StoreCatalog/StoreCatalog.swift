// StoreCatalog: filled by its issue.
