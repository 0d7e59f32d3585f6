// The shop of the long-session tests (tests/shop_session.py): a catalogue, an item page and a checkout,
// the cart kept in localStorage; an order is POSTed to /shop/order (synchronously: it is at the
// server before the page answers anything else).
const PRODUCTS = [
  ["Blue mug", "Mugs", 12, 5], ["Red mug", "Mugs", 14, 0], ["Stoneware mug", "Mugs", 22, 3],
  ["Travel mug", "Mugs", 18, 9], ["Espresso cup", "Cups", 9, 12], ["Latte cup", "Cups", 11, 4],
  ["Tea cup and saucer", "Cups", 16, 2], ["Dinner plate", "Plates", 15, 20], ["Side plate", "Plates", 10, 0],
  ["Serving platter", "Plates", 39, 1], ["Cereal bowl", "Bowls", 13, 8], ["Pasta bowl", "Bowls", 17, 6],
  ["Salad bowl", "Bowls", 29, 2], ["Mixing bowl", "Bowls", 34, 0], ["Glazed teapot", "Teapots", 45, 3],
  ["Cast iron teapot", "Teapots", 62, 1], ["Glass teapot", "Teapots", 28, 7], ["Enamel mug", "Mugs", 19, 11],
  ["Mug tree", "Mugs", 24, 4], ["Speckled mug", "Mugs", 16, 6], ["Soup bowl", "Bowls", 14, 10],
  ["Dessert plate", "Plates", 12, 3], ["Cup set of four", "Cups", 38, 2], ["Kids mug", "Mugs", 8, 15],
  ["Ramen bowl", "Bowls", 21, 5], ["Breakfast plate", "Plates", 13, 9], ["Tea for one", "Teapots", 33, 2],
  ["Cappuccino cup", "Cups", 12, 0], ["Camping mug", "Mugs", 15, 7], ["Nesting bowls", "Bowls", 42, 3],
  ["Charger plate", "Plates", 26, 4], ["Matcha bowl", "Bowls", 24, 6], ["Stovetop kettle", "Teapots", 55, 2],
  ["Demitasse cups", "Cups", 27, 5], ["Jumbo mug", "Mugs", 17, 8], ["Oval platter", "Plates", 36, 1],
  ["Striped mug", "Mugs", 13, 4], ["Noodle bowl", "Bowls", 19, 0], ["Cake stand", "Plates", 44, 2],
  ["Tumbler", "Cups", 10, 16], ["Teapot warmer", "Teapots", 21, 5], ["Dip bowls", "Bowls", 16, 9],
  ["Herb mug", "Mugs", 20, 3], ["Flat white cup", "Cups", 13, 6], ["Tapas plate", "Plates", 11, 12],
  ["Tea infuser mug", "Mugs", 23, 0], ["Rice bowl", "Bowls", 12, 14], ["Tea caddy", "Teapots", 18, 7],
].map(([name, category, price, stock], id) => ({ id, name, category, price, stock }));

function cart() { return JSON.parse(localStorage.getItem("cart") || "[]"); }
function saveCart(items) { localStorage.setItem("cart", JSON.stringify(items)); showCartCount(); }
function showCartCount() {
  const link = document.getElementById("cart-link");
  if (link) link.textContent = `Cart (${cart().reduce((n, line) => n + line.qty, 0)})`;
}
const links = (names) => names.map(n => `<a href="#${n.toLowerCase().replace(/\W+/g, "-")}">${n}</a>`).join(" ");
function header() {
  document.body.insertAdjacentHTML("afterbegin", `<header><a href="index.html">ShopCo</a>
    <a href="#account">Account</a> <a href="#wishlist">Wishlist</a> <a id="cart-link" href="checkout.html">Cart (0)</a>
    <nav aria-label="Departments"><a href="index.html">Kitchen</a> ${links(["Dining", "Bedding", "Bath", "Lighting",
      "Furniture", "Rugs", "Storage", "Garden", "Kids", "Gifts", "Sale"])}</nav>
    <nav aria-label="Popular searches">${links(["Gift sets", "Wedding list", "Seconds", "New in", "Best sellers",
      "Colour of the month", "Personalised", "Trade"])}</nav>
    <p>Free delivery on orders over $50 · Free returns within 30 days</p></header>`);
  document.body.insertAdjacentHTML("beforeend", `<footer>
    <nav aria-label="Customer service"><h2>Customer service</h2>${links(["Help centre", "Track an order", "Returns",
      "Delivery options", "Contact us"])}</nav>
    <nav aria-label="About ShopCo"><h2>About ShopCo</h2>${links(["Our story", "Careers", "Press", "Sustainability",
      "Find a store"])}</nav>
    <nav aria-label="Legal"><h2>Legal</h2>${links(["Privacy policy", "Cookies", "Terms of sale", "Accessibility",
      "Modern slavery statement"])}</nav>
    <nav aria-label="Follow us"><h2>Follow us</h2>${links(["Instagram", "Pinterest", "YouTube", "Our journal"])}</nav>
    <aside aria-label="Recently viewed"><h2>Recently viewed</h2>${PRODUCTS.slice(30, 36).map(p =>
      `<a href="item.html?id=${p.id}">${p.name}</a>`).join(" ")}</aside>
    <form aria-label="Newsletter" onsubmit="event.preventDefault()"><h2>Newsletter</h2>
      <label>Your email <input type="email" autocomplete="off"></label> <button>Subscribe</button></form>
    <p>ShopCo Ltd, 1 Clay Street, London. Registered in England and Wales, company 0123456. Prices include VAT.
    Photos are of the real products, made by small potteries we visit every year.</p></footer>`);
  showCartCount();
}
