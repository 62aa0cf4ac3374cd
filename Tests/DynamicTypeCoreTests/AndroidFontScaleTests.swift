import Testing

@testable import DynamicTypeCore

/// Android 14 non-linear font scaling against the derived table of type-ramps.md §5b.
@Suite("Android font-scale converter")
struct AndroidFontScaleTests {
    /// sp → dp at each step, from type-ramps.md §5b ("Derived … dp for common Material sizes").
    static let reference: [(sp: Double, dp: [Double])] = [
        (11, [9.35, 11, 12.65, 14.3, 16.5, 19.8, 22]),
        (12, [10.2, 12, 13.8, 15.6, 18, 21.6, 24]),
        (14, [11.9, 14, 16.4, 18.8, 22, 24.4, 26]),
        (16, [13.6, 16, 18.1, 20.2, 23, 26, 28]),
        (22, [18.7, 22, 23.5, 25, 27, 31.8, 35]),
        (24, [20.4, 24, 25.2, 26.4, 28, 32.8, 36]),
        (28, [23.8, 28, 28.4, 28.8, 29.33, 34.13, 37.33]),
        (32, [27.2, 32, 32, 32, 32, 36.66, 39.77]),
        (36, [30.6, 36, 36, 36, 36, 40.39, 43.31]),
        (45, [38.25, 45, 45, 45, 45, 48.77, 51.29]),
        (57, [48.45, 57, 57, 57, 57, 59.95, 61.91]),
    ]
    static let scales = [0.85, 1.0, 1.15, 1.3, 1.5, 1.8, 2.0]

    @Test("every derived cell within 0.01 dp")
    func derivedTable() throws {
        let converter = try #require(try TypeRampProfile.named("android").fontScaleConverter)
        for row in Self.reference {
            for (scale, expected) in zip(Self.scales, row.dp) {
                let dp = converter.convertSpToDp(row.sp, fontScale: scale)
                #expect(abs(dp - expected) < 0.011, "\(row.sp) sp @ \(scale) → \(dp), expected \(expected)")
            }
        }
    }

    @Test("interpolates between tables: 16 sp at 1.4 → 21.6 dp")
    func interpolation() throws {
        let converter = try #require(try TypeRampProfile.named("android").fontScaleConverter)
        #expect(abs(converter.convertSpToDp(16, fontScale: 1.4) - 21.6) < 1e-9)
        // Below the threshold (1.13) scaling is linear; beyond 100 sp sizes are unscaled.
        #expect(converter.convertSpToDp(16, fontScale: 1.1) == 16 * 1.1)
        #expect(!converter.isNonLinear(1.12))
        #expect(converter.isNonLinear(1.13))
        #expect(converter.convertSpToDp(120, fontScale: 2.0) == 120)
        #expect(converter.convertSpToDp(-16, fontScale: 2.0) == -28)
    }

    @Test("the android profile's body (16 sp bodyLarge) follows the converter")
    func profileCells() throws {
        let profile = try TypeRampProfile.named("android")
        #expect(try profile.metrics(for: .body, category: .large).size == 16)
        #expect(abs(try profile.metrics(for: .body, category: .accessibility2).size - 28) < 1e-9)
        #expect(throws: ProfileError.self) { try profile.metrics(for: .body, category: .xSmall) }
    }
}
