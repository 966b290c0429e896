import Foundation
import Testing
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers

/// The review calibration (`Rules/review_calibration.tsv`, issue 21): a resolver's category below its calibrated
/// floor is flagged, and the trade-name model decides from its floor. Lines written for these tests from kinds of
/// names (a restaurant, a salon, a property manager), none from `../shared/dev`.
struct ReviewCalibrationTests {
    /// A copy of the repository's data whose calibration file says `calibration` (nil: no file).
    static func pipeline(calibration: String?) throws -> (Pipeline, cleanup: () -> Void) {
        let data = NSTemporaryDirectory() + "garden-calibration-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        for folder in ["Rules", "Brands", "CNAE"] {
            try FileManager.default.copyItem(atPath: Fixture.root.path + "/" + folder, toPath: data + "/" + folder)
        }
        let file = data + "/" + ReviewCalibration.file
        try FileManager.default.removeItem(atPath: file)
        if let calibration { try calibration.write(toFile: file, atomically: false, encoding: .utf8) }
        let catalog = try Catalog(data: DataDirectory(root: URL(fileURLWithPath: data)), knowledge: Precedence.knowledge(of: BuiltInResolvers.all))
        return (Pipeline(catalog: catalog, resolvers: BuiltInResolvers.all), { try? FileManager.default.removeItem(atPath: data) })
    }

    static func usd(_ description: String) -> String { Fixture.row(description, "-40", extra: ",\"currency\":\"USD\"") }

    @Test func theShippedFileGivesTheNameReadersAFloor() {
        let calibration = Fixture.catalog.reviewCalibration
        for resolver in ["keyword", "trade_name", "brand_catalog", "bank_line"] {
            let floor = calibration.floor(of: resolver)
            #expect(floor.map { (0...1001).contains($0) } == true, "\(resolver): \(String(describing: floor))")
        }
        #expect(calibration.floor(of: "mcc") == nil)
    }

    @Test func aCategoryBelowItsResolversFloorIsFlagged() throws {
        let shipped = Fixture.resolve(Self.usd("MARIOS PIZZERIA"))
        #expect(shipped.categorySourceName == "keyword" && !shipped.review, "\(shipped.categorySourceName) \(shipped.reviewReasons)")
        #expect(shipped.categoryConfidence < Confidence(perMille: 900))
        let (pipeline, cleanup) = try Self.pipeline(calibration: "keyword\t900\t10\t10\n")
        defer { cleanup() }
        let raised = Fixture.resolve(Self.usd("MARIOS PIZZERIA"), pipeline: pipeline)
        #expect(raised.category == shipped.category)
        #expect(raised.review)
        #expect(raised.reviewReasons.contains { $0.contains("review_calibration.tsv") }, "\(raised.reviewReasons)")
    }

    @Test func theTradeNameModelDecidesFromItsCalibratedFloor() throws {
        let model = try #require(Fixture.catalog.tradeNames)
        let floor = try #require(Fixture.catalog.reviewCalibration.floor(of: "trade_name"))
        // A salon's name the model reads between its floor and the model file's own deciding point.
        let shipped = Fixture.resolve(Self.usd("RIVERBEND UNISEX STYLING"))
        #expect(shipped.categorySourceName == "trade_name")
        try #require(floor <= shipped.categoryConfidence.perMille && shipped.categoryConfidence.perMille < model.decidePerMille,
                     "the line must fall between the floor and the model's own point: \(shipped.categoryConfidence)")
        #expect(shipped.category == "personal.care")
        #expect(!shipped.review, "\(shipped.reviewReasons)")
        // Without the calibration the model's own point decides: the same answer is only a suggestion, flagged.
        let (pipeline, cleanup) = try Self.pipeline(calibration: nil)
        defer { cleanup() }
        let uncalibrated = Fixture.resolve(Self.usd("RIVERBEND UNISEX STYLING"), pipeline: pipeline)
        #expect(uncalibrated.category == "personal.care")
        #expect(uncalibrated.review)
        #expect(uncalibrated.reviewReasons.contains { $0.contains("trade-name model suggestion") }, "\(uncalibrated.reviewReasons)")
    }

    @Test func aBadFloorOrAResolverListedTwiceIsADataError() {
        #expect(throws: DataError.self) { try ReviewCalibration(TSVFile(name: "c.tsv", text: "keyword\t0.8\t1\t1\n", minimumColumns: 2)) }
        #expect(throws: DataError.self) { try ReviewCalibration(TSVFile(name: "c.tsv", text: "keyword\t1002\t1\t1\n", minimumColumns: 2)) }
        do {
            _ = try ReviewCalibration(TSVFile(name: "c.tsv", text: "# header\nkeyword\t800\t1\t1\nkeyword\t700\t1\t1\n", minimumColumns: 2))
            Issue.record("a resolver listed twice was accepted")
        } catch {
            #expect(error.description.contains("c.tsv") && error.description.contains("3"), "\(error.description)")
        }
    }

    @Test func onlyADecisionAtOrAboveTheThresholdAndBelowTheFloorIsFlagged() {
        let calibration = ReviewCalibration(floors: ["keyword": 900, "trade_name": 1001])
        let at = { (resolver: ResolverID, perMille: Int, below: Bool) in
            ReviewPolicy.belowCalibratedFloor(resolver: resolver, confidence: Confidence(perMille: perMille), belowThreshold: below,
                                              calibration: calibration)
        }
        #expect(at("keyword", 800, false) != nil)
        #expect(at("keyword", 900, false) == nil)
        #expect(at("keyword", 500, true) == nil)   // the threshold's own reason says it already
        #expect(at("mcc", 700, false) == nil)
        #expect(at("trade_name", 1000, false)?.contains("never") == true)
    }
}
