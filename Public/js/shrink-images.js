// Makes pictures over the API's 300 KB limit smaller in the browser before they are sent, as
// the mobile apps did: draw them on a canvas and encode JPEG, stepping the quality down and
// then the size, until each fits. Without JavaScript the server explains the limit instead.
(function () {
  "use strict";
  var input = document.querySelector("input[type=file][data-max-bytes]");
  if (!input || typeof DataTransfer === "undefined" || !HTMLCanvasElement.prototype.toBlob) return;
  var maxBytes = Number(input.getAttribute("data-max-bytes")) || 307200;
  var status = input.form && input.form.querySelector(".shrink-status");
  var submit = input.form && input.form.querySelector("button[type=submit]");

  function say(text) { if (status) status.textContent = text; }
  function kb(bytes) { return String(Math.round(bytes / 1024)); }

  // The messages come from the page, in its reader's language (`data-*` on the status line);
  // the English after `||` is only for a page without them. `{name}` and the like are filled in.
  function text(attribute, fallback, values) {
    var message = (status && status.getAttribute(attribute)) || fallback;
    Object.keys(values || {}).forEach(function (key) { message = message.split("{" + key + "}").join(values[key]); });
    return message;
  }

  function load(file) {
    return new Promise(function (resolve, reject) {
      var url = URL.createObjectURL(file);
      var image = new Image();
      image.onload = function () { URL.revokeObjectURL(url); resolve(image); };
      image.onerror = function () { URL.revokeObjectURL(url); reject(new Error("unreadable")); };
      image.src = url;
    });
  }

  function encode(image, scale, quality) {
    var canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    var context = canvas.getContext("2d");
    context.fillStyle = "#fff"; // PNG transparency becomes white, not black, in a JPEG
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return new Promise(function (resolve) { canvas.toBlob(resolve, "image/jpeg", quality); });
  }

  async function shrink(file) {
    var image = await load(file);
    // Start no larger than 2000 px on the long side: phone photos are much bigger than needed.
    var scale = Math.min(1, 2000 / Math.max(image.naturalWidth, image.naturalHeight));
    for (var round = 0; round < 12; round++) {
      for (var quality = 0.9; quality >= 0.5; quality -= 0.1) {
        var blob = await encode(image, scale, quality);
        if (blob && blob.size <= maxBytes) {
          var name = file.name.replace(/\.[^.]*$/, "") + ".jpg";
          return new File([blob], name, { type: "image/jpeg", lastModified: Date.now() });
        }
      }
      scale *= 0.75;
    }
    return null;
  }

  input.addEventListener("change", async function () {
    var files = Array.prototype.slice.call(input.files || []);
    if (!files.some(function (file) { return file.size > maxBytes; })) { say(""); return; }
    if (submit) submit.disabled = true;
    input.form.dataset.busy = "yes";
    say(text("data-shrinking", "Making large images smaller…"));
    var result = new DataTransfer();
    var shrunk = [];
    var problems = [];
    for (var i = 0; i < files.length; i++) {
      var file = files[i];
      if (file.size <= maxBytes) { result.items.add(file); continue; }
      try {
        var smaller = await shrink(file);
        if (smaller) {
          result.items.add(smaller);
          shrunk.push(text("data-shrunk-file", "{name}: {from} KB → {to} KB", { name: file.name, from: kb(file.size), to: kb(smaller.size) }));
        } else {
          problems.push(text("data-too-large", "{name} is still larger than 300 KB after making it smaller. Choose a smaller image.", { name: file.name }));
        }
      } catch (error) {
        result.items.add(file); // the server will explain what is wrong with it
        problems.push(text("data-unreadable", "{name} could not be opened here, so it is uploaded as it is. If it is refused, choose another file.", { name: file.name }));
      }
    }
    input.files = result.files;
    // What was made smaller after its own heading; each problem as a sentence of its own.
    var lines = [];
    if (shrunk.length) lines.push(text("data-shrunk", "Made smaller to fit 300 KB:") + " " + shrunk.join(text("data-separator", "; ")));
    say(lines.concat(problems).join(" "));
    delete input.form.dataset.busy;
    if (submit) submit.disabled = false;
  });
})();
