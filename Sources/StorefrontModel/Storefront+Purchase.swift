import Foundation

extension Storefront {
    /// Buys `product`, one purchase at a time.
    ///
    /// The flow: every start action of `actions`, innermost first, each awaited; then the
    /// product is marked pending (`snapshot.pendingProductID`); then the options of
    /// `actions` are joined to `options`; then `confirmation`, if given (declining is a
    /// cancel); then the backend's purchase, unless the product became the customer's
    /// meanwhile (`CustomerEntitlements.alreadyPurchased`), when the transaction they
    /// have is the result. A backend that throws `StoreKitError.userCancelled` counts as
    /// `.success(.userCancelled)`.
    ///
    /// Exactly one completion runs, with the returned result: the completion action of
    /// `actions`, or the default, which sends a transaction to `transactionUpdates()`,
    /// finishes it if verified, and keeps an error (or a failed verification) as
    /// `snapshot.alert`. Either way entitlements are refreshed first, and the delegate and
    /// notifications hear of failures and pending approvals.
    ///
    /// - Throws: `StorefrontError.purchaseInProgress`, without changing anything, while
    ///   another purchase runs.
    ///
    /// ```swift
    /// let result = try await storefront.purchase(product, options: [.quantity(2)])
    /// if case .success(.success(.verified(let transaction))) = result {
    ///     print("Bought", transaction.purchasedQuantity)
    /// }
    /// ```
    @discardableResult
    public func purchase(
        _ product: Product,
        options: Set<Product.PurchaseOption> = [],
        actions: PurchaseActions = PurchaseActions(),
        confirmation: PurchaseConfirmation? = nil
    ) async throws(StorefrontError) -> Result<Product.PurchaseResult, any Error> {
        guard !purchaseInFlight else { throw .purchaseInProgress }
        purchaseInFlight = true
        await actions.runStartActions(for: product)
        state.pendingProductID = product.id
        emit(.purchaseStateChanged)

        let chosen = await actions.options(for: product, adding: options)
        let result: Result<Product.PurchaseResult, any Error>
        if let confirmation, await !confirmation(product, chosen) {
            result = .success(.userCancelled)
        } else if let owned = state.entitlements.value?.alreadyPurchased(product) {
            // It became the customer's while the sheet was open (an Ask to Buy approval, say):
            // answer with what they have, as the App Store does, and charge nothing.
            result = .success(.success(.verified(owned)))
        } else {
            result = await buy(product, options: chosen)
        }
        logger.debug("Purchase of \(product.id) ended: \(result)")
        await record(result, for: product.id)
        if let completion = actions.completionAction {
            await completion(product, result)
        } else {
            await completeByDefault(result, for: product.id)
        }

        state.pendingProductID = nil
        purchaseInFlight = false
        emit(.purchaseStateChanged)
        return result
    }

    private func buy(_ product: Product, options: Set<Product.PurchaseOption>) async -> Result<Product.PurchaseResult, any Error> {
        do {
            return .success(try await backend.purchase(product, options: options))
        } catch StoreKitError.userCancelled {
            return .success(.userCancelled)
        } catch {
            return .failure(error)
        }
    }

    /// What every purchase outcome changes, whoever completes it.
    private func record(_ result: Result<Product.PurchaseResult, any Error>, for productID: Product.ID) async {
        switch result {
        case .success(.success):
            if approveAskToBuy(of: productID) { emit(.purchaseStateChanged) }
            _ = try? await refreshEntitlements()
        case .success(.pending):
            state.awaitingApproval.insert(productID)
            emit(.purchaseStateChanged)
            delegate?.storefront(self, didReportPurchasePending: productID)
            notificationCenter.post(
                name: .storefrontDidReportPurchasePending, object: self,
                userInfo: [StorefrontNotificationKey.productID: productID]
            )
        case .success(.userCancelled):
            break
        case .failure(let error):
            delegate?.storefront(self, didReportPurchaseFailure: productID, error: error)
            notificationCenter.post(
                name: .storefrontDidReportPurchaseFailure, object: self,
                userInfo: [StorefrontNotificationKey.productID: productID, StorefrontNotificationKey.error: error]
            )
        }
    }

    /// The completion used when no completion action is installed.
    private func completeByDefault(_ result: Result<Product.PurchaseResult, any Error>, for productID: Product.ID) async {
        switch result {
        case .success(.success(let verification)):
            transactionBroadcast.send(verification)
            switch verification {
            case .verified(let transaction): await finishLogged(transaction)
            case .unverified(_, let error): raiseAlert(productID: productID, error: error)
            }
        case .failure(let error):
            raiseAlert(productID: productID, error: error)
        case .success(.userCancelled), .success(.pending):
            break
        }
    }

    private func raiseAlert(productID: Product.ID, error: any Error) {
        state.alert = StorefrontAlert(productID: productID, error: error)
        emit(.alertChanged)
    }
}
