/// Apple's numeric storefront identifiers (`storefrontId`), by ISO 3166-1 alpha-3 country.
///
/// ```swift
/// StorefrontIdentifier.of("USA")   // "143441"
/// ```
public enum StorefrontIdentifier {
    /// The identifier of `country`, nil for a storefront this table does not list.
    public static func of(_ country: String) -> String? {
        table[country].map(String.init)
    }

    private static let table: [String: Int] = [
        "USA": 143_441, "FRA": 143_442, "DEU": 143_443, "GBR": 143_444, "AUT": 143_445, "BEL": 143_446,
        "FIN": 143_447, "GRC": 143_448, "IRL": 143_449, "ITA": 143_450, "LUX": 143_451, "NLD": 143_452,
        "PRT": 143_453, "ESP": 143_454, "CAN": 143_455, "SWE": 143_456, "NOR": 143_457, "DNK": 143_458,
        "CHE": 143_459, "AUS": 143_460, "NZL": 143_461, "JPN": 143_462, "HKG": 143_463, "SGP": 143_464,
        "CHN": 143_465, "KOR": 143_466, "IND": 143_467, "MEX": 143_468, "RUS": 143_469, "TWN": 143_470,
        "VNM": 143_471, "ZAF": 143_472, "MYS": 143_473, "PHL": 143_474, "THA": 143_475, "IDN": 143_476,
        "PAK": 143_477, "POL": 143_478, "SAU": 143_479, "TUR": 143_480, "ARE": 143_481, "HUN": 143_482,
        "CHL": 143_483, "BRA": 143_503, "ARG": 143_505,
    ]
}
