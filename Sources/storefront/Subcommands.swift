import ArgumentParser

extension StorefrontCommand {
    /// Every subcommand, in the order `--help` lists them. Add new commands here.
    static let subcommands: [any ParsableCommand.Type] = [
        RunCommand.self,
        CatalogCommand.self,
        SnapshotCommand.self,
        DemoCommand.self,
        BuyCommand.self,
        RedeemCommand.self,
        TransactionsCommand.self,
        EntitlementsCommand.self,
        ApproveCommand.self,
        DeclineCommand.self,
        RequestsCommand.self,
        RefundCommand.self,
        RefundReverseCommand.self,
        RestoreCommand.self,
        AdvanceCommand.self,
        ExpireCommand.self,
        ClearCommand.self,
        BillingCommand.self,
        AutoRenewCommand.self,
        FamilyCommand.self,
        PriceIncreaseCommand.self,
        PriceConsentCommand.self,
        RemoveFromSaleCommand.self,
        ServeLauncher.self,
        StoreCommand.self,
        ExtendCommand.self,
        RenewCommand.self,
    ]
}
