extension Duration {
    /// The duration in seconds as a Double (for timings in reports and benchmarks).
    package var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
