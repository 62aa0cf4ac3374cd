import Foundation

/// Foundation's detailed words for a JSON or property-list error ("Invalid value around
/// character 51.", "… on line 3"), else its summary, which alone ("The data is not in the correct
/// format.") would not help anyone find the mistake.
func foundationErrorReason(_ error: any Error) -> String {
    let nsError = error as NSError
    return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
}
