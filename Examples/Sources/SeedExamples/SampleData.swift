/// A person, as in the seeds' user lists.
struct User: Identifiable, Sendable {
    let id: Int
    let name: String
    let email: String
    let role: String
    let age: Int
    let isOnline: Bool
}

/// The people every user example shows.
let sampleUsers: [User] = [
    User(id: 1, name: "Ada Lovelace", email: "ada@analytical.engine", role: "Engineer", age: 36, isOnline: true),
    User(id: 2, name: "Grace Hopper", email: "grace@navy.mil", role: "Admiral", age: 85, isOnline: false),
    User(id: 3, name: "Alan Turing", email: "alan@bletchley.uk", role: "Researcher", age: 41, isOnline: true),
    User(id: 4, name: "Katherine Johnson", email: "katherine@nasa.gov", role: "Mathematician", age: 101, isOnline: true),
    User(id: 5, name: "Linus Torvalds", email: "linus@kernel.org", role: "Maintainer", age: 56, isOnline: false),
    User(id: 6, name: "Margaret Hamilton", email: "margaret@mit.edu", role: "Director", age: 89, isOnline: true),
    User(id: 7, name: "Dennis Ritchie", email: "dmr@bell-labs.com", role: "Researcher", age: 70, isOnline: false),
    User(id: 8, name: "Barbara Liskov", email: "liskov@mit.edu", role: "Professor", age: 86, isOnline: true),
    User(id: 9, name: "Ken Thompson", email: "ken@bell-labs.com", role: "Researcher", age: 83, isOnline: false),
    User(id: 10, name: "Radia Perlman", email: "radia@dell.com", role: "Fellow", age: 74, isOnline: true),
    User(id: 11, name: "Edsger Dijkstra", email: "ewd@utexas.edu", role: "Professor", age: 72, isOnline: false),
    User(id: 12, name: "Frances Allen", email: "fran@ibm.com", role: "Fellow", age: 88, isOnline: true),
]

/// An order line with a status, for the badge example.
struct Order: Sendable {
    let number: String
    let customer: String
    let status: String
    let total: Double
}

/// Orders in every state the badge knows, and one it does not.
let sampleOrders: [Order] = [
    Order(number: "A-1001", customer: "Ada Lovelace", status: "Delivered", total: 129.90),
    Order(number: "A-1002", customer: "Grace Hopper", status: "Shipped", total: 54.00),
    Order(number: "A-1003", customer: "Alan Turing", status: "Pending", total: 12.50),
    Order(number: "A-1004", customer: "Katherine Johnson", status: "Cancelled", total: 310.00),
    Order(number: "A-1005", customer: "Linus Torvalds", status: "Delivered", total: 8.99),
    Order(number: "A-1006", customer: "Margaret Hamilton", status: "Processing", total: 76.40),
    Order(number: "A-1007", customer: "Dennis Ritchie", status: "On hold", total: 45.00),
]

/// A product of a shop, for the two-label cell.
struct Product: Sendable {
    let name: String
    let sku: String
    let price: Double
    let stock: Int
}

/// A few products, one with a name too long for its column.
let sampleProducts: [Product] = [
    Product(name: "Mechanical keyboard", sku: "KB-87-BRN", price: 129.00, stock: 14),
    Product(name: "Ergonomic mouse", sku: "MS-ERG-02", price: 59.50, stock: 0),
    Product(name: "27-inch monitor with a very long marketing name that wraps", sku: "MN-27-4K", price: 349.99, stock: 3),
    Product(name: "USB-C hub", sku: "HB-7IN1", price: 39.90, stock: 120),
    Product(name: "Desk lamp", sku: "LM-LED-5", price: 24.00, stock: 42),
]

/// A bank transaction, for the styling example (negative amounts are debits).
struct Transaction: Sendable {
    let date: String
    let payee: String
    let category: String
    let amount: Double
    let note: String
}

/// Credits and debits, some notes marked urgent.
let sampleTransactions: [Transaction] = [
    Transaction(date: "2026-11-02", payee: "Salary", category: "Income", amount: 4200.00, note: "November"),
    Transaction(date: "2026-11-03", payee: "Rent", category: "Housing", amount: -1450.00, note: "URGENT: due today"),
    Transaction(date: "2026-11-05", payee: "Grocer", category: "Food", amount: -86.35, note: "weekly shop"),
    Transaction(date: "2026-11-07", payee: "Refund", category: "Shopping", amount: 39.90, note: "returned hub"),
    Transaction(date: "2026-11-09", payee: "Electricity", category: "Utilities", amount: -112.18, note: "URGENT: final notice"),
    Transaction(date: "2026-11-12", payee: "Bookshop", category: "Leisure", amount: -23.50, note: ""),
    Transaction(date: "2026-11-15", payee: "Dividend", category: "Income", amount: 123456789.00, note: "shrunk to fit"),
    Transaction(date: "2026-11-18", payee: "Cafe", category: "Food", amount: -4.20, note: "flat white"),
]
