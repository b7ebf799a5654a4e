// Small DOM helpers shared by every page: building HTML and SVG, clickable things, a little Markdown.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "label"). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, the same way. */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/**
 * An <svg> that scales to its box, drawn in a `width` x `height` coordinate space with `pad` more
 * on every side (room for what is drawn just outside, so that it is inside the svg's own box).
 */
export function svgRoot(width, height, label, pad = 0) {
  const viewBox = `${-pad} ${-pad} ${width + 2 * pad} ${height + 2 * pad}`;
  return s("svg", { viewBox, role: "img", "aria-label": label, class: "board-svg" });
}

/**
 * Make `el` a choice: clickable, reachable with Tab, activated with Enter or Space, named for
 * screen readers. `data-choice` marks every choice on a page (the browser tests click them).
 */
export function choice(el, label, onChoose) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.dataset.choice = label;
  el.classList.add("choice");
  el.addEventListener("click", (event) => {
    event.stopPropagation();
    onChoose();
  });
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onChoose();
    }
  });
  return el;
}

/** Put the keyboard focus back on the choice named `label` after a redraw, if there is one. */
export function refocus(root, label) {
  if (!label) return;
  for (const el of root.querySelectorAll("[data-choice]")) {
    if (el.dataset.choice === label) {
      el.focus();
      return;
    }
  }
}

function inline(text) {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return escaped
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
    .replace(/\*(.+?)\*/g, "<em>$1</em>")
    .replace(/`(.+?)`/g, "<code>$1</code>");
}

/** The rules summaries' Markdown (headings, paragraphs, lists, bold, italics, code) as HTML. */
export function markdown(text) {
  const out = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split("\n");
    const heading = /^(#+)\s+(.*)$/.exec(lines[0]);
    if (heading) {
      const level = Math.min(6, heading[1].length + 2);
      out.push(`<h${level}>${inline(heading[2])}</h${level}>`);
    } else if (/^\s*([-*]|\d+\.)\s/.test(lines[0])) {
      const ordered = /^\s*\d+\./.test(lines[0]);
      const items = [];
      for (const line of lines) {
        if (/^\s*([-*]|\d+\.)\s/.test(line)) items.push(line.replace(/^\s*([-*]|\d+\.)\s+/, ""));
        else if (items.length) items[items.length - 1] += ` ${line.trim()}`;
      }
      const tag = ordered ? "ol" : "ul";
      out.push(`<${tag}>${items.map((item) => `<li>${inline(item)}</li>`).join("")}</${tag}>`);
    } else {
      out.push(`<p>${inline(lines.join(" "))}</p>`);
    }
  }
  const box = document.createElement("div");
  box.innerHTML = out.join("\n");
  return box;
}
