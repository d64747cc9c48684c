import Foundation
import LocalStore
import PostgresStore
import StorefrontTestSupport
import Testing

/// A statement the ledger counts on to answer with a row that answers with none: the ledger
/// says which and goes on, where it used to force-unwrap and bring the whole process down.
@Suite("PostgreSQL: a statement that answers with no row") struct PostgresNoRowTests {
    @Test("An ask-to-buy request whose insert a trigger drops is a ledger error naming it, not a crash")
    func droppedInsertIsAnError() async throws {
        let url = try await PostgresCluster.database()
        let address = try PostgresAddress(url)
        _ = try await PostgresStorage.migrate(address)
        // A BEFORE trigger returning NULL skips the row, so INSERT … RETURNING returns nothing.
        _ = try await PostgresCluster.sql("""
            CREATE FUNCTION drop_row() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
            CREATE TRIGGER drop_requests BEFORE INSERT ON askToBuyRequests FOR EACH ROW EXECUTE FUNCTION drop_row();
            """, in: url)
        let ledger = try await Ledger(storage: PostgresStorage.open(address), keyBeside: .inMemory, environment: [:])
        let purchase = LedgerPurchase(productID: "coins", productType: .consumable, purchaseDate: Date(), storefront: "USA")
        let error = await #expect(throws: LedgerError.self) {
            try await ledger.requestAskToBuy(purchase, attemptID: UUID(), at: Date())
        }
        guard case .cannotWrite(_, let reason)? = error else {
            Issue.record("expected cannotWrite, got \(String(describing: error))")
            return
        }
        #expect(reason == "PostgreSQL answered with no row for the new ask-to-buy request")
    }
}
