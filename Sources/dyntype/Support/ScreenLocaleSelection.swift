import DynamicTypeAudit
import DynamicTypeScreens

extension NotepadOptions {
    /// The locales screens are checked in, like ``screenLocales(_:)``, with the exit code of where a
    /// bad locale name came from: 64 for `--locales`, 65 for a strings file (whose name and field
    /// the message gives). Locale names become output folders, so a name that is not a locale
    /// (`../../x`, `a/b`, markup) never reaches a path.
    func checkedScreenLocales(_ table: StringTable) throws -> [String?] {
        do {
            let (result, warnings) = try ScreenLocales.select(
                locales, table: table, stringsGiven: !strings.isEmpty, pseudo: pseudo, files: strings)
            for warning in warnings { Diagnostics.warning(warning) }
            return result
        } catch {
            throw CommandError(code: error.source == .stringsFile ? SysExit.dataError : SysExit.usage, message: error.description)
        }
    }
}
