// LocalStore: filled by its issue.
