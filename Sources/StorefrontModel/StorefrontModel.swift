// StorefrontModel: filled by its issue.
