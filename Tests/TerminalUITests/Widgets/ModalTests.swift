import Foundation
import StorefrontModel
import Testing
import TerminalUI

@Suite("Confirmation sheet and alerts")
struct ModalTests {
    /// The store under the modal, so snapshots show that the modal clears what it covers.
    func overShop(size: (Int, Int), draw: (Rect, inout Buffer) -> Void) -> Buffer {
        let shop = StoreView(products: Fixtures.shop).productViewStyle(.compact)
        let content = shop.content(for: shop.initialProducts)
        var buffer = screen(width: size.0, height: size.1) { area, buffer in
            shop.render(content, state: StoreListState(), context: Fixtures.context(), in: area, into: &buffer)
        }
        draw(buffer.area, &buffer)
        return buffer
    }

    @Test("The confirmation sheet for a tip: name, description, price, Buy and Cancel", arguments: screenSizes)
    func sheetForTip(size: (Int, Int)) {
        let sheet = ConfirmationSheet(product: Fixtures.largeTip)
        let buffer = overShop(size: size) { area, buffer in sheet.render(in: area, context: StoreContext(options: RenderOptions()), into: &buffer) }
        assertScreen(buffer, named: "\(size.0)x\(size.1)")
        #expect(row(containing: "[ Buy ]", in: buffer) != nil)
        #expect(row(containing: "[ Cancel ]", in: buffer) != nil)
        #expect(row(containing: "Confirm Purchase", in: buffer) != nil)
    }

    @Test("The sheet for a subscription with a trial shows the offer terms")
    func sheetForTrial() {
        let content = SubscriptionStoreView(groupID: Fixtures.groupID)
            .content(for: .success(Fixtures.plans, unavailable: []), standing: .neverSubscribed)
        let option = content.options.first { $0.id == content.defaultSelection }!
        var sheet = ConfirmationSheet(option: option, in: content, context: Fixtures.context())
        sheet.focus = .cancel
        let buffer = overShop(size: (80, 24)) { area, buffer in sheet.render(in: area, context: StoreContext(options: RenderOptions()), into: &buffer) }
        assertScreen(buffer, named: "80x24")
        #expect(sheet.confirmTitle == "Try It Free")
        #expect(row(containing: "1 week free, then £9.99/month", in: buffer) != nil)
        let cancelRow = row(containing: "[ Cancel ]", in: buffer)!
        let x = column(of: "[ Cancel ]", inRow: cancelRow, of: buffer)!
        #expect(buffer.cell(x: x, y: cancelRow)?.style.modifiers.contains(.reverse) == true)
        #expect(sheet.cursorPosition(in: buffer.area, context: StoreContext(options: RenderOptions())) == Position(x: x + 2, y: cancelRow))
    }

    @Test("The sheet for a downgrade says when it takes effect")
    func sheetForDowngrade() {
        let standing = SubscriptionStanding(
            currentProductID: Fixtures.premiumMonthly.id, autoRenewPreference: Fixtures.premiumMonthly.id,
            renewalDate: Fixtures.renewal, isEligibleForIntroOffer: false
        )
        let content = SubscriptionStoreView(groupID: Fixtures.groupID).content(for: .success(Fixtures.plans, unavailable: []), standing: standing)
        let basic = content.options.first { $0.id == Fixtures.basicMonthly.id }!
        let sheet = ConfirmationSheet(option: basic, in: content, context: Fixtures.context())
        #expect(sheet.confirmTitle == "Downgrade")
        #expect(sheet.note == "Downgrade — takes effect on 12 Dec 2026")
        #expect(sheet.offerTerms == nil)
    }

    @Test("Clicking the sheet's buttons")
    func sheetHitTest() {
        let sheet = ConfirmationSheet(product: Fixtures.smallTip)
        let buffer = overShop(size: (80, 24)) { area, buffer in sheet.render(in: area, context: StoreContext(options: RenderOptions()), into: &buffer) }
        let buttons = row(containing: "[ Buy ]", in: buffer)!
        let buy = column(of: "[ Buy ]", inRow: buttons, of: buffer)!
        let cancel = column(of: "[ Cancel ]", inRow: buttons, of: buffer)!
        #expect(sheet.hitTest(x: buy + 1, y: buttons, in: buffer.area, context: StoreContext(options: RenderOptions())) == .confirm)
        #expect(sheet.hitTest(x: cancel + 3, y: buttons, in: buffer.area, context: StoreContext(options: RenderOptions())) == .cancel)
        #expect(sheet.hitTest(x: 0, y: 0, in: buffer.area, context: StoreContext(options: RenderOptions())) == nil)
    }

    static let alerts: [(String, Alert)] = [
        ("thankYou", .thankYou(for: Fixtures.largeTip)),
        ("waiting", .waitingForApproval(for: Fixtures.pro)),
        ("failed", .purchaseFailed(for: Fixtures.pro, error: Product.PurchaseError.purchaseNotAllowed)),
        ("restored", .restored(count: 2)),
    ]

    @Test("Each alert over the shop", arguments: 0..<4)
    func alerts(index: Int) {
        let (name, alert) = Self.alerts[index]
        for size in [(80, 24), (40, 12)] {
            let buffer = overShop(size: size) { area, buffer in alert.render(in: area, context: StoreContext(options: RenderOptions()), into: &buffer) }
            assertScreen(buffer, named: "\(name)-\(size.0)x\(size.1)")
            #expect(row(containing: alert.title, in: buffer) != nil)
            #expect(row(containing: "[ OK ]", in: buffer) != nil)
        }
    }

    @Test("Purchase results map to the alert a customer expects")
    func alertForResult() {
        let verified = VerificationResult<Transaction>.verified(Self.transaction(for: Fixtures.largeTip))
        #expect(Alert(purchaseOf: Fixtures.largeTip, result: .success(.success(verified)))?.title == "Thank you!")
        #expect(Alert(purchaseOf: Fixtures.largeTip, result: .success(.success(verified)))?.message.contains("Large Tip") == true)
        let pro = VerificationResult<Transaction>.verified(Self.transaction(for: Fixtures.pro))
        #expect(Alert(purchaseOf: Fixtures.pro, result: .success(.success(pro)))?.title == "Purchase complete")
        #expect(Alert(purchaseOf: Fixtures.pro, result: .success(.pending))?.title == "Waiting for approval")
        #expect(Alert(purchaseOf: Fixtures.pro, result: .success(.userCancelled)) == nil)
        #expect(Alert(purchaseOf: Fixtures.pro, result: .failure(StoreKitError.userCancelled)) == nil)
        let failed = Alert(purchaseOf: Fixtures.pro, result: .failure(Product.PurchaseError.purchaseNotAllowed))
        #expect(failed?.kind == .error)
        #expect(failed?.message == "Backyard Birds Pro: Purchases are not allowed on this account.")
    }

    static func transaction(for product: Product) -> Transaction {
        Transaction(id: 1, originalID: 1, productID: product.id, productType: product.type, purchaseDate: Fixtures.now)
    }

    @Test("A thank-you for a product with a very long name wraps it whole, ending with what the alert says")
    func longNameWraps() {
        let name = "The Extraordinarily Generous Golden Fountain Pen Nib Tip For Our Hardworking Illustrators Everywhere"
        let tip = Fixtures.product("tip.long", name, "9.99")
        let buffer = overShop(size: (80, 24)) { area, buffer in Alert.thankYou(for: tip).render(in: area, context: StoreContext(options: RenderOptions()), into: &buffer) }
        #expect(row(containing: "purchase is complete.", in: buffer) != nil)
        #expect(row(containing: "…", in: buffer) == nil)
    }

    @Test("The breadcrumb gives way from the catalog's title, never the shop's name")
    func breadcrumbKeepsTheShop() {
        var buffer = Buffer(width: 40, height: 1)
        TitleBar(title: "Backyard Birds Field Station Supply Company", location: "Bird Food")
            .render(in: buffer.area, context: StoreContext(options: RenderOptions()), into: &buffer)
        let line = buffer.textLines()[0]
        #expect(line.hasSuffix("… › Bird Food "), "\(line)")
        #expect(line.hasPrefix(" Backyard Birds"), "\(line)")
    }

}
