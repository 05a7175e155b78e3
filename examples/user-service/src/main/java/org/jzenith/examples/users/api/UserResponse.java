package org.jzenith.examples.users.api;

import java.util.UUID;
import org.jzenith.examples.users.service.User;

/** A user as the API shows it. */
public record UserResponse(UUID id, String name) {

    static UserResponse of(final User user) {
        return new UserResponse(user.id(), user.name());
    }
}
