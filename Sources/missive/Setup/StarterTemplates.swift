/// The starter templates, inside the binary so that `missive init` offers them on any machine,
/// not only in a checkout. They are the files in `drafts/templates/` (a test keeps the two equal).
enum StarterTemplates {
    /// File name and text, in the buffer format `templates import` reads.
    static let files: [(name: String, text: String)] = [
        ("new-thread.md", #"""
---
template: new-thread
description: "A new thread: the question or the news first, then the details"
kind: thread
forum: "{{forum}}"
subject: "{{subject}}"
---
{{summary}}

## Background

## Details

## What I'm asking / What's next
"""#),
        ("pm-reply.md", #"""
---
template: pm-reply
description: "Answer a private message"
kind: pm
to: "{{to}}"
reply_to: "{{pm}}"          # missive pm USER --reply-to PM fills this in
subject: "Re: {{subject|your message}}"
---
Hi {{to}},

Thanks for your message.

{{signoff|Cheers}}
"""#),
        ("thanks.md", #"""
---
template: thanks
description: "Thank someone for their help, in a private message to them"
kind: pm
to: "{{name}}"
subject: "{{subject|Thanks for the help}}"
---
Hi {{name}},

Thanks for the help!

{{signoff|Cheers}}
"""#),
        ("thanks-thread.md", #"""
---
template: thanks-thread
description: "Thank the thread for the help, and say what worked"
kind: reply
thread: "{{thread}}"
---
Thanks {{name|everyone}} for the help! {{what|That fixed it.}}

For anyone who finds this thread later: {{fix}}
"""#),
        ("thread-recap.md", #"""
---
template: thread-recap
description: "A weekly recap thread (inherits new-thread's kind and forum)"
parent: new-thread
subject: "{{topic}} recap, week of {{date}}"
---
Here is what happened in {{topic}} this week.

## Highlights

-

## Threads worth reading

-

## Next week

{{next|Nothing planned yet.}}
"""#),
    ]
}
