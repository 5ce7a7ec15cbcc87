import Foundation
import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// `F`: the frequency sheet of a column in the real binary.
    @Suite("Frequency table")
    struct Frequency {
        /// 40 tickets: `N,STATUS,N`, statuses open ×20, closed ×12, 東京 ×5, "say ""hi""" ×2, empty ×1.
        static let ticketsCSV: String = {
            var text = "id,status,hours\n"
            for i in 1...40 {
                let status: String
                switch i {
                case 1...20: status = "open"
                case 21...32: status = "closed"
                case 33...37: status = "東京"
                case 38...39: status = "\"say \"\"hi\"\"\""
                default: status = ""
                }
                text += "\(i),\(status),\(i * 3)\n"
            }
            return text
        }()

        /// dtable on tickets.csv, the table on screen.
        static func start(in directory: TemporaryDirectory) throws -> TmuxSession {
            try directory.write("tickets.csv", text: ticketsCSV)
            let session = try TmuxSession(width: 90, height: 20, arguments: [try dtableBinaryPath(), "tickets.csv"],
                                          workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.statusLine($0).contains("row 1/40") }, "no table:\n\(session.lastScreen)")
            return session
        }

        @Test("F shows the counts by value with a total; q goes back to the table without quitting")
        func countsAndClosing() throws {
            let directory = try TemporaryDirectory()
            let session = try Self.start(in: directory)
            try session.sendKeys("l", "F")
            #expect(session.waitFor { screen in
                Fixture.words(screen.row(1)).prefix(3) == ["open", "20", "50.00%"]
                    && Fixture.words(screen.row(2)).prefix(3) == ["closed", "12", "30.00%"]
                    && Fixture.words(screen.row(3)).prefix(3) == ["東京", "5", "12.50%"]
                    && Fixture.words(screen.row(4)).prefix(4) == ["say", "\"hi\"", "2", "5.00%"]
                    && Fixture.words(screen.row(5)).prefix(3) == ["(null)", "1", "2.50%"]
                    && Fixture.words(screen.row(6)).prefix(5) == ["Σ", "5", "values", "40", "100.00%"]
                    && Fixture.statusLine(screen).contains("frequency of status")
            }, "wrong counts:\n\(session.lastScreen)")
            // :w FILE writes the sheet (not its total row); the file viewed is never replaced.
            try session.sendKeys(":")
            try session.sendLiteral("w freq.csv")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusAndMessage($0).contains("wrote sheet: 5 rows × 4 columns") },
                    "not written:\n\(session.lastScreen)")
            let written = [
                "status,count,percent,histogram", "open,20,50.00%,1", "closed,12,30.00%,0.6", "東京,5,12.50%,0.25",
                "\"say \"\"hi\"\"\",2,5.00%,0.1", ",1,2.50%,0.05",
            ]
            #expect(directory.read("freq.csv") == written.joined(separator: "\n") + "\n")
            try session.sendKeys(":")
            try session.sendLiteral("w tickets.csv")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusAndMessage($0).contains("is the file being viewed") }, "\(session.lastScreen)")
            #expect(directory.read("tickets.csv") == Self.ticketsCSV)
            try session.sendKeys("Escape", "q")
            #expect(session.waitFor { Fixture.statusLine($0).contains("tickets.csv") && Fixture.statusLine($0).contains("row 1/40") },
                    "not back to the table:\n\(session.lastScreen)")
            try session.sendKeys("F")
            #expect(session.waitFor { Fixture.statusLine($0).contains("frequency of status") }, "\(session.lastScreen)")
            try session.sendKeys("Escape")
            #expect(session.waitFor { Fixture.statusLine($0).contains("tickets.csv") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test(":w FILE.json in the F sheet writes it as JSON (counts as numbers), parsed back by JSONSerialization")
        func writesTheSheetInTheFormatOfTheExtension() throws {
            let directory = try TemporaryDirectory()
            let session = try Self.start(in: directory)
            try session.sendKeys("l", "F")
            #expect(session.waitFor { Fixture.words($0.row(6)).first == "Σ" }, "\(session.lastScreen)")
            try session.sendKeys(":")
            try session.sendLiteral("w freq.json")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusAndMessage($0).contains("wrote sheet: 5 rows × 4 columns") },
                    "not written:\n\(session.lastScreen)")
            let data = try #require(directory.read("freq.json")).data(using: .utf8) ?? Data()
            let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            // The counts of ticketsCSV, read here from the fixture's own lines.
            var counts: [String: Int] = [:]
            for line in Self.ticketsCSV.split(separator: "\n").dropFirst() {
                let status = line.split(separator: ",", omittingEmptySubsequences: false)[1]
                counts[status.hasPrefix("\"say") ? "say \"hi\"" : String(status), default: 0] += 1
            }
            #expect(objects.count == 5)
            for object in objects {
                let status = object["status"] as? String ?? ""
                #expect((object["count"] as? NSNumber)?.intValue == counts[status], "\(object)")
            }
            #expect(objects.first?["status"] as? String == "open")
            try session.sendKeys("q", "q")
            #expect(session.waitForExit() == 0)
        }

        @Test("Enter on a value filters the table to it; m marks several values for Enter")
        func enterFilters() throws {
            let directory = try TemporaryDirectory()
            let session = try Self.start(in: directory)
            try session.sendKeys("l", "F")
            #expect(session.waitFor { Fixture.words($0.row(2)).first == "closed" }, "\(session.lastScreen)")
            try session.sendKeys("j", "Enter")
            #expect(session.waitFor { screen in
                Fixture.statusLine(screen).contains("/12") && Fixture.words(screen.row(1)) == ["21", "closed", "63"]
                    && !screen.contains { $0.contains(" open ") }
            }, "not filtered to closed:\n\(session.lastScreen)")
            // Esc drops the filter; then 東京 and the null row, marked, filter to both.
            try session.sendKeys("Escape")
            #expect(session.waitFor { Fixture.statusLine($0).contains("/40") }, "\(session.lastScreen)")
            try session.sendKeys("F")
            #expect(session.waitFor { Fixture.words($0.row(3)).first == "東京" }, "\(session.lastScreen)")
            try session.sendKeys("j", "j", "m", "j", "j", "m", "Enter")
            #expect(session.waitFor { screen in
                Fixture.statusLine(screen).contains("/6") && Fixture.words(screen.row(1)) == ["33", "東京", "99"]
                    && Fixture.words(screen.row(6)) == ["40", "120"]
            }, "not filtered to 東京 and the empty status:\n\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }
    }
}
