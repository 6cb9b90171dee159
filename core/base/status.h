// status.h — error values for user and file errors (programmer errors use assert).
//
//   Status       ok, or a message that can be shown to a user as is.
//   Expected<T>  a value, or a Status explaining why there is none.
//
// Library code never exits or throws for bad input; it returns one of these and the caller
// (CLI, app, test) decides how to show it.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace attn {

class Status {
public:
    Status() = default;  // ok
    static Status Ok() { return Status(); }
    static Status Error(std::string message) {
        assert(!message.empty() && "an error needs a message");
        Status s;
        s.message_ = std::move(message);
        return s;
    }

    bool ok() const { return message_.empty(); }
    explicit operator bool() const { return ok(); }
    const std::string& message() const { return message_; }

private:
    std::string message_;  // empty = ok
};

template <typename T>
class Expected {
public:
    Expected(T value) : data_(std::move(value)) {}             // NOLINT: implicit by design
    Expected(Status error) : data_(std::move(error)) {          // NOLINT: implicit by design
        assert(!std::get<Status>(data_).ok() && "Expected built from an ok Status has no value");
    }

    bool ok() const { return std::holds_alternative<T>(data_); }
    explicit operator bool() const { return ok(); }

    const T& value() const& { assert(ok()); return std::get<T>(data_); }
    T& value() & { assert(ok()); return std::get<T>(data_); }
    T&& value() && { assert(ok()); return std::get<T>(std::move(data_)); }
    const T& operator*() const& { return value(); }
    T& operator*() & { return value(); }
    const T* operator->() const { return &value(); }
    T* operator->() { return &value(); }

    // The error; ok Status when there is a value.
    Status status() const { return ok() ? Status::Ok() : std::get<Status>(data_); }
    const std::string& error() const { assert(!ok()); return std::get<Status>(data_).message(); }

private:
    std::variant<T, Status> data_;
};

}  // namespace attn
