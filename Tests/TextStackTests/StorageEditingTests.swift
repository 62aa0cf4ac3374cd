import Foundation
import Testing

@testable import TextStack

/// A layout manager stand-in that records every callback.
final class StorageRecordingLayoutManager: TextStorageLayoutObserver {
    struct Call: Equatable, CustomStringConvertible {
        var mask: TextStorage.EditMask
        var range: NSRange
        var changeInLength: Int
        var invalidatedRange: NSRange
        var description: String { "\(mask) \(range) Δ\(changeInLength) inval \(invalidatedRange)" }
    }

    var calls: [Call] = []
    var onCall: ((TextStorage) -> Void)?

    func textStorage(
        _ storage: TextStorage, processedEdit mask: TextStorage.EditMask, range: NSRange, changeInLength: Int,
        invalidatedRange: NSRange
    ) {
        calls.append(Call(mask: mask, range: range, changeInLength: changeInLength, invalidatedRange: invalidatedRange))
        onCall?(storage)
    }
}

private func range(_ location: Int, _ length: Int) -> NSRange { NSRange(location: location, length: length) }

@Suite("TextStorage edit transactions")
struct StorageEditingTests {
    /// Runs `edits` in one transaction on `text` and returns the single layout callback.
    private func transaction(_ text: String, _ edits: (TextStorage) -> Void) -> StorageRecordingLayoutManager.Call? {
        let storage = TextStorage(string: text)
        let layout = StorageRecordingLayoutManager()
        storage.addLayoutManager(layout)
        storage.beginEditing()
        edits(storage)
        storage.endEditing()
        #expect(layout.calls.count == 1, "one callback per transaction, got \(layout.calls)")
        #expect(storage.editedMask.isEmpty && storage.editedRange.location == NSNotFound && storage.changeInLength == 0)
        return layout.calls.first
    }

    @Test("insert then delete inside the insertion: the range shrinks with it")
    func insertThenDelete() {
        let call = transaction("0123456789") { storage in
            storage.insert("abc", at: 5)
            #expect(storage.editedRange == range(5, 3))
            #expect(storage.changeInLength == 3)
            storage.deleteCharacters(in: range(6, 1))  // the "b"
        }
        #expect(call?.range == range(5, 2))
        #expect(call?.changeInLength == 2)
        #expect(call?.mask == .characters)
    }

    @Test("an edit before the pending range moves it; the union covers both")
    func editBefore() {
        let call = transaction("0123456789") { storage in
            storage.insert("abc", at: 5)
            storage.insert("xy", at: 0)
            #expect(storage.string == "xy01234abc56789")
        }
        #expect(call?.range == range(0, 10))
        #expect(call?.changeInLength == 5)
    }

    @Test("an edit after the pending range leaves its start; the union reaches the new edit")
    func editAfter() {
        let call = transaction("0123456789") { storage in
            storage.insert("abc", at: 2)
            storage.insert("Z", at: 9)
            #expect(storage.string == "01abc2345Z6789")
        }
        #expect(call?.range == range(2, 8))
        #expect(call?.changeInLength == 4)
    }

    @Test("deleting around an earlier insertion collapses it into the deletion point")
    func deleteAround() {
        let call = transaction("0123456789") { storage in
            storage.insert("abc", at: 5)
            storage.deleteCharacters(in: range(3, 7))
            #expect(storage.string == "012789")
        }
        #expect(call?.range == range(3, 0))
        #expect(call?.changeInLength == -4)
    }

    @Test("delete then insert at the same place")
    func deleteThenInsert() {
        let call = transaction("0123456789") { storage in
            storage.deleteCharacters(in: range(2, 3))
            storage.insert("é", at: 2)
        }
        #expect(call?.range == range(2, 1))
        #expect(call?.changeInLength == -2)
    }

    @Test("emoji and precomposed letters count in UTF-16 units")
    func multiUnit() {
        let call = transaction("a👍🏽b") { storage in
            #expect(storage.length == 6)
            storage.replaceCharacters(in: range(1, 4), with: "é")  // 👍🏽 (4 units) → é (1)
            #expect(storage.editedRange == range(1, 1))
            #expect(storage.changeInLength == -3)
            storage.insert("👍🏽", at: 0)
            #expect(storage.string == "👍🏽aéb")
        }
        #expect(call?.range == range(0, 6))
        #expect(call?.changeInLength == 1)
    }

    @Test("attribute edits join the mask and range without changing the length")
    func attributesThenCharacters() {
        let call = transaction("0123456789") { storage in
            storage.setAttributes(TextAttributes(foregroundColor: .red), range: range(6, 2))
            #expect(storage.editedMask == .attributes)
            storage.insert("xx", at: 0)
        }
        #expect(call?.mask == [.attributes, .characters])
        #expect(call?.range == range(0, 10))
        #expect(call?.changeInLength == 2)
    }

    @Test("transactions nest: only the outermost endEditing processes")
    func nesting() {
        let storage = TextStorage(string: "hello")
        let layout = StorageRecordingLayoutManager()
        storage.addLayoutManager(layout)
        storage.beginEditing()
        storage.beginEditing()
        storage.append(" world")
        storage.endEditing()
        #expect(layout.calls.isEmpty)
        #expect(storage.isEditing)
        storage.append("!")
        storage.endEditing()
        #expect(layout.calls == [.init(mask: .characters, range: range(5, 7), changeInLength: 7, invalidatedRange: range(0, 12))])
        #expect(storage.processedEditCount == 1)
    }

    @Test("outside a transaction each primitive is processed at once")
    func immediate() {
        let storage = TextStorage(string: "one\ntwo\nthree")
        let layout = StorageRecordingLayoutManager()
        storage.addLayoutManager(layout)
        storage.insert("X", at: 5)
        storage.addAttributes(TextAttributes(underline: .single), range: range(9, 2))
        #expect(layout.calls == [
            .init(mask: .characters, range: range(5, 1), changeInLength: 1, invalidatedRange: range(4, 5)),
            .init(mask: .attributes, range: range(9, 2), changeInLength: 0, invalidatedRange: range(9, 5)),
        ])
    }

    @Test("hooks run in order: processor, will, did, then layout managers in the order added")
    func hookOrder() {
        final class Processor: TextStorageEditingProcessor {
            var log: (String) -> Void = { _ in }
            func processEditing(in storage: TextStorage, edit: TextStorage.Edit) { log("processor \(edit.range)") }
        }
        var log: [String] = []
        let storage = TextStorage(string: "abc")
        let processor = Processor()
        processor.log = { log.append($0) }
        storage.editingProcessor = processor
        let first = StorageRecordingLayoutManager(), second = StorageRecordingLayoutManager()
        first.onCall = { _ in log.append("layout 1") }
        second.onCall = { _ in log.append("layout 2") }
        storage.addLayoutManager(first)
        storage.addLayoutManager(second)
        storage.addLayoutManager(first)  // no effect
        let will = storage.observeWillProcessEditing { _, edit in log.append("will \(edit.range)") }
        let did = storage.observeDidProcessEditing { storage, _ in log.append("did \(storage.isProcessingEditing)") }
        storage.append("d")
        #expect(log == ["processor {3, 1}", "will {3, 1}", "did true", "layout 1", "layout 2"])
        withExtendedLifetime((will, did)) {}
    }

    @Test("edits made while processing fold into the edit; no second processEditing")
    func foldIn() {
        let storage = TextStorage(string: "one\ntwo\n")
        let layout = StorageRecordingLayoutManager()
        storage.addLayoutManager(layout)
        var willCalls = 0
        let token = storage.observeWillProcessEditing { storage, edit in
            willCalls += 1
            // Like a highlighter: style the whole paragraph, inside its own nested transaction.
            storage.beginEditing()
            storage.addAttributes(TextAttributes(foregroundColor: .red), range: storage.paragraphRange(for: edit.range))
            storage.endEditing()
            #expect(storage.editedMask == [.characters, .attributes])
        }
        storage.insert("X", at: 5)
        #expect(willCalls == 1)
        #expect(storage.processedEditCount == 1)
        #expect(layout.calls == [.init(mask: [.characters, .attributes], range: range(4, 5), changeInLength: 1, invalidatedRange: range(4, 5))])
        withExtendedLifetime(token) {}
    }

    @Test("an edit made by a layout manager is a new transaction, processed after the loop")
    func layoutManagerEdits() {
        let storage = TextStorage(string: "abc")
        let first = StorageRecordingLayoutManager(), second = StorageRecordingLayoutManager()
        var edited = false
        first.onCall = { storage in
            guard !edited else { return }
            edited = true
            storage.append("!")
        }
        storage.addLayoutManager(first)
        storage.addLayoutManager(second)
        storage.append("d")
        #expect(second.calls.map(\.range) == [range(3, 1), range(4, 1)])
        #expect(first.calls.count == 2)
        #expect(storage.processedEditCount == 2)
    }

    @Test("observation tokens end their hook; layout managers are held weakly")
    func lifetimes() {
        let storage = TextStorage(string: "abc")
        var calls = 0
        var token: TextStorageObservation? = storage.observeDidProcessEditing { _, _ in calls += 1 }
        storage.append("d")
        token = nil
        storage.append("e")
        #expect(calls == 1)
        #expect(token == nil)

        let explicit = storage.observeWillProcessEditing { _, _ in calls += 1 }
        explicit.cancel()
        explicit.cancel()
        #expect(explicit.isCancelled)
        storage.append("f")
        #expect(calls == 1)

        var layout: StorageRecordingLayoutManager? = StorageRecordingLayoutManager()
        storage.addLayoutManager(layout!)
        #expect(storage.layoutManagers.count == 1)
        layout = nil
        #expect(storage.layoutManagers.isEmpty)
        storage.append("g")  // no crash, nobody told
        let kept = StorageRecordingLayoutManager()
        storage.addLayoutManager(kept)
        storage.removeLayoutManager(kept)
        storage.append("h")
        #expect(kept.calls.isEmpty)
    }

    @Test("an attribute change to identical values reports nothing")
    func noOpAttributeEdit() {
        let storage = TextStorage(string: "abc", attributes: TextAttributes(foregroundColor: .red))
        let layout = StorageRecordingLayoutManager()
        storage.addLayoutManager(layout)
        storage.addAttributes(TextAttributes(foregroundColor: .red), range: range(0, 3))
        storage.setAttributes(TextAttributes(foregroundColor: .blue), range: range(1, 0))
        #expect(layout.calls.isEmpty)
    }
}
