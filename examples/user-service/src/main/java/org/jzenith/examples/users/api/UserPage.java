package org.jzenith.examples.users.api;

import java.util.List;
import org.jzenith.examples.users.service.Page;
import org.jzenith.examples.users.service.User;

/** A page of users as the API shows it. */
public record UserPage(List<UserResponse> items, int offset, int limit, long total) {

    static UserPage of(final Page<User> page) {
        return new UserPage(
                page.items().stream().map(UserResponse::of).toList(), page.offset(), page.limit(), page.total());
    }
}
