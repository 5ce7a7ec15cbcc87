import Glibc
import DataTableKit
import DataTableApp
import TerminalSurface

/// Tables and running applications for tests.
public enum TableFixtures {
    /// `rows` rows of `id,name,city,amount` with deterministic values (ids from 1).
    public static func people(rows: Int) -> StringRowsDataSource {
        let names = ["Ada", "Grace", "Linus", "山田太郎", "Zoë", "José", "Ngozi", "李小龙"]
        let cities = ["Zürich", "東京", "Lagos", "Kraków"]
        let data = (0..<rows).map { i in
            [String(i + 1), names[i % names.count], cities[(i / 3) % cities.count], String((i * 7919) % 10_000 - 500)]
        }
        return StringRowsDataSource(titles: ["id", "name", "city", "amount"], rows: data)
    }

    /// A table application on a memory backend of `size`, its first frame drawn.
    public static func application(
        _ source: DataTableDataSource, size: Size, colorCount: Int = 256, title: String = "people.csv",
        configure: (inout DataTableConfiguration) -> Void = { _ in }
    ) -> (TableApplication, MemoryBackend) {
        let backend = MemoryBackend(size: size, capabilities: TerminalCapabilities(colorCount: colorCount))
        var configuration = DataTableConfiguration()
        configuration.title = title
        configuration.adoptColors(colorCount)
        configure(&configuration)
        let view = DataTableView(dataSource: source, configuration: configuration, size: size)
        let application = TableApplication(view: view, backend: backend)
        application.drawFrame()
        return (application, backend)
    }
}

extension TableApplication {
    /// Sends keys through the controller, drawing frames as a terminal session would.
    public func press(_ keys: Key...) {
        for key in keys { handle(.key(key)) }
    }

    /// Sends each character of `text` as a key.
    public func type(_ text: String) {
        for character in text { handle(.key(.character(character))) }
    }
}

extension TableApplication {
    /// Polls the screens' work (a sheet's count, its table's jobs) until none runs, drawing
    /// frames as the run loop would; gives up after `timeout` seconds.
    public func settleScreens(timeout: Double = 30) {
        let deadline = ContinuousClock.now + .milliseconds(Int(saturating: timeout * 1000))
        repeat {
            pollScreens()
            guard screens.isBusy else { return }
            usleep(1000)
        } while ContinuousClock.now < deadline
    }
}
